// The agent loop takes checkpoints (the scripted model at the model edge, the real
// file tools, the machine's git): before the first workspace-changing call of a step,
// again after a plan write in the same step, none for reads; a checkpoint that cannot
// be taken is reported once and the turn goes on without them.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import {
  changeRange,
  changeRangesProjection,
  evidenceEnds,
  type ChangeRange,
} from '../../../extension/src/core/plan/change-range';
import { fold } from '../../../extension/src/core/session/projection';
import { itemChangeSides, resolveRange } from '../../../extension/src/core/checkpoints/item-changes';
import { ShadowRepo, type ChangedFile } from '../../../extension/src/core/checkpoints/shadow-repo';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir, todo } from '../support/sessions';

/** The files a range changed, read as `agent-checklist changes` reads them: its ends resolved, then the shadow repository's diff. */
async function changedFiles(repo: ShadowRepo, range: ChangeRange | null): Promise<ChangedFile[]> {
  const resolved = await resolveRange(repo, range);
  return resolved === null ? [] : repo.changedFiles(resolved.from, resolved.to);
}

function rig(): { ws: string; dir: string; store: SessionStore } {
  const dir = tempDir();
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  fs.writeFileSync(path.join(ws, 'x.txt'), 'x\n');
  return { ws, dir, store: new SessionStore(path.join(dir, 'sessions')) };
}

async function turn(
  ws: string,
  store: SessionStore,
  responses: ScriptedResponse[],
  checkpoints: Parameters<typeof runTurn>[2]['checkpoints'],
) {
  const set = buildToolRegistry({
    tools: ['todo_write', 'read_file', 'write_file'],
    cwd: ws,
    allowParallelInProgress: false,
    approvals: new Approvals({ gate: null, autoApprove: true }),
  });
  const opened = store.create({ cwd: ws });
  try {
    const end = await runTurn(opened.session, 'go', {
      provider: new ScriptedProvider({ responses }),
      tools: set.registry,
      maxSteps: 10,
      ...(checkpoints ? { checkpoints } : {}),
    });
    return { end, events: opened.session.events };
  } finally {
    set.owned.dispose();
    opened.dispose();
  }
}

const writeFile = (file: string, content: string) => ({ name: 'write_file', arguments: { path: file, content } });

describe('checkpoints in the agent loop', () => {
  it('one before the first write of a step, another after a plan write in the same step, none for reads', async () => {
    const { ws, dir, store } = rig();
    const repo = ShadowRepo.of(path.join(dir, 'shadow'), ws);
    const { end, events } = await turn(
      ws,
      store,
      [
        {
          toolCalls: [
            { name: 'todo_write', arguments: { todos: [todo('one', 'in_progress'), todo('two')] } },
            { name: 'read_file', arguments: { path: 'x.txt' } },
          ],
        },
        {
          toolCalls: [
            writeFile('a.txt', 'one\n'),
            writeFile('b.txt', 'one again\n'),
            { name: 'todo_write', arguments: { todos: [todo('one', 'completed'), todo('two', 'in_progress')] } },
            writeFile('c.txt', 'two\n'),
          ],
        },
        { text: 'Done.' },
      ],
      { checkpoint: () => repo.checkpoint() },
    );
    assert.deepEqual(end, { kind: 'completed' });
    const order = events
      .filter((e) => e.type === 'checkpoint/created' || e.type === 'tool/call')
      .map((e) => (e.type === 'tool/call' ? e.data.name : `checkpoint ${e.data.step}`));
    // The turn's last write came after its last checkpoint: one more closes the turn (after step 3, which only answered).
    assert.deepEqual(order, [
      'todo_write',
      'read_file',
      'checkpoint 2',
      'write_file',
      'write_file',
      'todo_write',
      'checkpoint 2',
      'write_file',
      'checkpoint 3',
    ]);
    assert.equal(
      events.findIndex((e) => e.type === 'checkpoint/created' && e.data.step === 3),
      events.findIndex((e) => e.type === 'turn/end') - 1,
      'the closing checkpoint comes right before turn/end',
    );
    assert.deepEqual(await changedFiles(repo, changeRange(events, 'one')), [
      { status: 'A', path: 'a.txt' },
      { status: 'A', path: 'b.txt' },
    ]);
    assert.deepEqual(await changedFiles(repo, changeRange(events, 'two')), [{ status: 'A', path: 'c.txt' }]);
    // Show Changes' two sides: item one against the checkpoint at its completion, item two (still in progress) against the workspace now.
    const checkpoints = events.flatMap((e) => (e.type === 'checkpoint/created' ? [e.data.commit] : []));
    assert.deepEqual(await itemChangeSides(repo, events, 'one'), {
      from: checkpoints[0],
      to: checkpoints[1],
      end: checkpoints[1],
      files: [
        { status: 'A', path: 'a.txt' },
        { status: 'A', path: 'b.txt' },
      ],
    });
    const two = await itemChangeSides(repo, events, 'two');
    assert.ok(two);
    const { end: now, ...open } = two;
    assert.deepEqual(open, { from: checkpoints[1], to: null, files: [{ status: 'A', path: 'c.txt' }] });
    assert.equal(
      (await repo.fileAt(now, 'c.txt')).toString('utf8'),
      'two\n',
      'an open range ends at a snapshot of the workspace now',
    );
    assert.equal(await itemChangeSides(repo, events, 'never planned'), null, 'no range: nothing to show');
    // The evidence compares checkpoints only: item two's open end is the closing checkpoint.
    const ranges = fold(changeRangesProjection, events);
    assert.deepEqual(evidenceEnds(ranges, 'one'), { from: checkpoints[0], to: checkpoints[1] });
    assert.deepEqual(evidenceEnds(ranges, 'two'), { from: checkpoints[1], to: checkpoints[2] });
    assert.deepEqual(await repo.changedFiles(checkpoints[1]!, checkpoints[2]!), [{ status: 'A', path: 'c.txt' }]);
  });

  it('a checkpoint that cannot be taken is reported once; the turn and its writes go on', async () => {
    const { ws, dir, store } = rig();
    const notAFolder = path.join(dir, 'file');
    fs.writeFileSync(notAFolder, '');
    const repo = ShadowRepo.of(path.join(notAFolder, 'shadow'), ws);
    const errors: string[] = [];
    const { end, events } = await turn(
      ws,
      store,
      [{ toolCalls: [writeFile('a.txt', 'a\n')] }, { toolCalls: [writeFile('b.txt', 'b\n')] }, { text: 'Done.' }],
      {
        checkpoint: () => repo.checkpoint(),
        onError: (message) => errors.push(message),
      },
    );
    assert.deepEqual(end, { kind: 'completed' });
    assert.equal(errors.length, 1);
    assert.match(errors[0]!, /^checkpoints are off for this turn: /);
    assert.equal(
      events.some((e) => e.type === 'checkpoint/created'),
      false,
    );
    assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'b\n');
  });
});
