// The demo model (extension/src/vscode/providers/demo-provider.ts, vscode-free): the bundled
// script is valid, plays a whole plan in one turn, plays again on the next turn, and
// never fails for running out of responses.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { loadModelScript } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry, DEFAULT_TOOLS } from '../../../extension/src/core/agent/tool-set';
import { foldStandingPlan } from '../../../extension/src/core/plan/todos-projection';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { DEMO_EXHAUSTED_TEXT, DemoProvider } from '../../../extension/src/vscode/providers/demo-provider';

const NO_PACING = { stepDelayMs: 0, pieceDelayMs: 0 };
const script = loadModelScript(path.join(__dirname, '..', '..', '..', 'extension', 'demo', 'demo-script.json'));

async function turn(session: Session, provider: DemoProvider, allowParallelInProgress: boolean) {
  const tools = buildToolRegistry({ tools: DEFAULT_TOOLS, allowParallelInProgress });
  try {
    return await runTurn(session, 'anything', { provider, tools: tools.registry, maxSteps: 25 });
  } finally {
    tools.owned.dispose();
  }
}

describe('demo model', () => {
  for (const allowParallelInProgress of [true, false]) {
    it(`plays a whole plan to completion, every todo_write accepted (parallel ${allowParallelInProgress ? 'allowed' : 'refused'})`, async () => {
      const session = new Session(makeHeader({ id: 'demo' }));
      assert.deepEqual(await turn(session, new DemoProvider(script, NO_PACING), allowParallelInProgress), {
        kind: 'completed',
      });
      const plan = foldStandingPlan(session.events);
      assert.ok(plan && plan.length >= 3 && plan.every((t) => t.status === 'completed'), 'the plan ends all completed');
      assert.equal(session.events.filter((e) => e.type === 'tool/result' && e.data.isError).length, 0);
      assert.ok(session.events.some((e) => e.type === 'assistant/message' && e.data.model.provider === 'demo'));
    });
  }

  it('plays again from the start on the next turn', async () => {
    const session = new Session(makeHeader({ id: 'demo2' }));
    const provider = new DemoProvider(script, NO_PACING);
    await turn(session, provider, true);
    const first = session.events.length;
    assert.deepEqual(await turn(session, provider, true), { kind: 'completed' });
    assert.equal(session.events.length, first * 2, 'the second turn logs the same events again');
  });

  it('answers with a closing text instead of failing when a turn asks for more than the script holds', async () => {
    const short = {
      responses: [
        { toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'Only', status: 'in_progress' }] } }] },
      ],
    };
    const session = new Session(makeHeader({ id: 'demo3' }));
    assert.deepEqual(await turn(session, new DemoProvider(short, NO_PACING), true), { kind: 'completed' });
    const last = session.events.filter((e) => e.type === 'assistant/message').at(-1);
    assert.ok(last?.type === 'assistant/message');
    assert.deepEqual(last.data.message.content, [{ type: 'text', text: DEMO_EXHAUSTED_TEXT }]);
  });
});
