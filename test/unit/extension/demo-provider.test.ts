// The demo model (extension/src/vscode/providers/demo-provider.ts, vscode-free): the bundled
// script is valid, tours a real workspace with the read-only tools so its finished plan has
// no flagged item, reads a file the tour listed, plays again on the next turn, and never
// fails for running out of responses.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { loadModelScript } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { flaggedItems } from '../../../extension/src/core/plan/plan-flags';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { fold } from '../../../extension/src/core/session/projection';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import { DemoProvider } from '../../../extension/src/vscode/providers/demo-provider';
import { withListedFile } from '../../../extension/src/vscode/providers/demo-listed-file';
import { foldStandingPlan } from '../support/plan-folds';

const DEMO_EXHAUSTED_TEXT = 'The demo script has no more steps. Set `agentChecklist.provider` to use a real model.';

const NO_PACING = { stepDelayMs: 0, pieceDelayMs: 0 };
const script = loadModelScript(path.join(__dirname, '..', '..', '..', 'extension', 'demo', 'demo-script.json'));
/** The extension's default read-only tools; the demo uses no other. */
const READ_ONLY_TOOLS = ['todo_write', 'list_files', 'read_file', 'grep'];
let root = '';

async function turn(session: Session, provider: DemoProvider, allowParallelInProgress = true) {
  const tools = buildToolRegistry({ tools: READ_ONLY_TOOLS, cwd: root, allowParallelInProgress });
  try {
    return await runTurn(session, 'anything', { provider, tools: tools.registry, maxSteps: 25 });
  } finally {
    tools.owned.dispose();
  }
}

const results = (session: Session) => session.events.filter((e) => e.type === 'tool/result');
const calledTools = (session: Session) =>
  session.events.flatMap((e) => (e.type === 'tool/call' && e.data.name !== 'todo_write' ? [e.data.name] : []));

describe('demo model', () => {
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-ws-'));
    fs.mkdirSync(path.join(root, 'src'));
    fs.writeFileSync(path.join(root, 'package.json'), '{ "name": "shop" }\n');
    fs.writeFileSync(path.join(root, 'README.md'), '# Shop\n\nA small shop.\n');
    fs.writeFileSync(path.join(root, 'src', 'cart.ts'), '// TODO: discounts\nexport const cart = [];\n');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  for (const allowParallelInProgress of [true, false]) {
    it(`tours the workspace to a finished plan with no flagged item (parallel ${allowParallelInProgress ? 'allowed' : 'refused'})`, async () => {
      const session = new Session(makeHeader({ id: 'demo' }));
      assert.deepEqual(await turn(session, new DemoProvider(script, NO_PACING), allowParallelInProgress), {
        kind: 'completed',
      });
      const plan = foldStandingPlan(session.events);
      assert.ok(plan && plan.length >= 3 && plan.every((t) => t.status === 'completed'), 'the plan ends all completed');
      assert.deepEqual(flaggedItems(fold(planLedgerProjection, session.events), true), []);
      assert.deepEqual(
        results(session).filter((e) => e.data.isError),
        [],
      );
      assert.deepEqual([...new Set(calledTools(session))].sort(), ['grep', 'list_files', 'read_file']);
      assert.ok(session.events.some((e) => e.type === 'assistant/message' && e.data.model.provider === 'demo'));
    });
  }

  it('reads the README the tour listed, and finds the TODO in the workspace', async () => {
    const session = new Session(makeHeader({ id: 'demo-read' }));
    await turn(session, new DemoProvider(script, NO_PACING));
    const contents = results(session).map((e) => e.data.content);
    assert.ok(
      contents.some((c) => c.includes('A small shop.')),
      'the README was read',
    );
    assert.ok(
      contents.some((c) => c.includes('src/cart.ts') && c.includes('TODO: discounts')),
      'grep found the TODO',
    );
  });

  it('chooses a README over other files, any file when there is none, and README.md when nothing is listed', () => {
    const listing = (content: string) => [
      {
        role: 'assistant' as const,
        content: [{ type: 'tool-call' as const, id: 'c1', name: 'list_files', arguments: '{}' }],
      },
      { role: 'tool' as const, callId: 'c1', isError: false, content },
    ];
    // The script's read step names `{listedFile}` where the path goes; the demo fills it in.
    const readStep = { toolCalls: [{ name: 'read_file', arguments: { path: '{listedFile}' } }] };
    const readPath = (messages: Parameters<typeof withListedFile>[1]) =>
      withListedFile(readStep, messages).toolCalls?.[0]?.arguments;
    assert.deepEqual(readPath(listing('docs/\nLICENSE\nreadme.txt\nsrc/')), { path: 'readme.txt' });
    assert.deepEqual(readPath(listing('docs/\nlink (symbolic link)\nmain.go')), { path: 'main.go' });
    assert.deepEqual(readPath(listing('(empty folder)')), { path: 'README.md' });
    assert.deepEqual(readPath([]), { path: 'README.md' });
  });

  it('plays again from the start on the next turn', async () => {
    const session = new Session(makeHeader({ id: 'demo2' }));
    const provider = new DemoProvider(script, NO_PACING);
    await turn(session, provider);
    const first = session.events.length;
    assert.deepEqual(await turn(session, provider), { kind: 'completed' });
    assert.equal(session.events.length, first * 2, 'the second turn logs the same events again');
  });

  it('answers with a closing text instead of failing when a turn asks for more than the script holds', async () => {
    const short = {
      responses: [
        { toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'Only', status: 'in_progress' }] } }] },
      ],
    };
    const session = new Session(makeHeader({ id: 'demo3' }));
    assert.deepEqual(await turn(session, new DemoProvider(short, NO_PACING)), { kind: 'completed' });
    const last = session.events.filter((e) => e.type === 'assistant/message').at(-1);
    assert.ok(last?.type === 'assistant/message');
    assert.deepEqual(last.data.message.content, [{ type: 'text', text: DEMO_EXHAUSTED_TEXT }]);
  });
});
