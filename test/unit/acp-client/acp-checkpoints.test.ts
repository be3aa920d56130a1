// An ACP agent's turns take checkpoints (the scripted agent over the real SDK, our
// client's file writes, the machine's git): before the first change we can hold (an
// fs/write_text_file we serve, a permission we answer) and again after each plan the
// agent sends; when it announces a change it does not ask about; and one closing the
// turn. Each item's files are then the real diff between its checkpoints.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { changeRangesProjection } from '../../../extension/src/core/plan/change-range';
import { evidenceFilesOf } from '../support/item-files';
import { ShadowRepo } from '../../../extension/src/core/checkpoints/shadow-repo';
import { fold } from '../../../extension/src/core/session/projection';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { tempDir } from '../support/sessions';
import { scriptedAgent } from './scripted-agent-session';

/** The log's checkpoints and the events around them, as types (a tool/call by its name). */
function around(events: readonly SessionEvent[]): string[] {
  return events.flatMap((e) =>
    e.type === 'checkpoint/created'
      ? ['checkpoint']
      : e.type === 'todo/write'
        ? ['plan']
        : e.type === 'tool/call'
          ? [e.data.name]
          : e.type === 'turn/end'
            ? ['turn/end']
            : [],
  );
}

describe("checkpoints of an ACP agent's turn", () => {
  it("before the first held change and after each plan, one closing the turn; the items' files are the real diff", async () => {
    const base = tempDir('acp-checkpoints-');
    let repo: ShadowRepo | null = null;
    const agent = await scriptedAgent(
      { autoApprove: true, checkpoints: { checkpoint: () => repo!.checkpoint() } },
      { 'a.txt': 'a\n' },
    );
    repo = ShadowRepo.of(base, agent.ws);
    const { end, events, reports } = await agent.run([
      {
        plan: [
          { content: 'one', status: 'in_progress' },
          { content: 'two', status: 'pending' },
        ],
      },
      { write: { path: path.join(agent.ws, 'a.txt'), content: 'a by one\n' } },
      { write: { path: path.join(agent.ws, 'c.txt'), content: 'c by one\n' } },
      {
        plan: [
          { content: 'one', status: 'completed' },
          { content: 'two', status: 'in_progress' },
        ],
      },
      { write: { path: path.join(agent.ws, 'b.txt'), content: 'b by two\n' } },
    ]);
    assert.deepEqual(end, { kind: 'completed' });
    assert.ok(
      reports.every((r) => r.ok),
      JSON.stringify(reports),
    );
    // Our client logs each write as a call when it asks about it, and takes the checkpoint before it writes.
    assert.deepEqual(around(events), [
      'plan',
      'Replace a.txt',
      'checkpoint',
      'Create c.txt',
      'plan',
      'Create b.txt',
      'checkpoint',
      'checkpoint',
      'turn/end',
    ]);
    const ranges = fold(changeRangesProjection, events);
    assert.deepEqual(await evidenceFilesOf(repo, ranges, 'one'), [
      { status: 'M', path: 'a.txt' },
      { status: 'A', path: 'c.txt' },
    ]);
    assert.deepEqual(await evidenceFilesOf(repo, ranges, 'two'), [{ status: 'A', path: 'b.txt' }]);
    assert.equal(fs.readdirSync(agent.ws).includes('.git'), false, 'nothing of it in the workspace');
  });

  it('an announced change it does not ask about takes one when we hear of it; a turn with no change takes none', async () => {
    const base = tempDir('acp-checkpoints-');
    let repo: ShadowRepo | null = null;
    const agent = await scriptedAgent({ autoApprove: true, checkpoints: { checkpoint: () => repo!.checkpoint() } });
    repo = ShadowRepo.of(base, agent.ws);
    const quiet = await agent.run([
      { plan: [{ content: 'look', status: 'in_progress' }] },
      { announce: { toolCallId: 'r1', title: 'Read a.txt', kind: 'read' } },
    ]);
    assert.equal(
      quiet.events.some((e) => e.type === 'checkpoint/created'),
      false,
    );
    const edited = await agent.run([{ announce: { toolCallId: 'e1', title: 'Edit a.txt', kind: 'edit' } }]);
    const turnStart = edited.events.findIndex((e) => e.type === 'turn/start' && e.data.turn === 2);
    const checkpoints = edited.events.slice(turnStart).filter((e) => e.type === 'checkpoint/created');
    assert.equal(
      checkpoints.length,
      2,
      'one as it was announced, one closing the turn (the edit may have come after it)',
    );
    // Both before the turn's first step: the announced call goes on the log only when the turn ends (it never said it ran).
    assert.deepEqual(
      checkpoints.map((e) => e.type === 'checkpoint/created' && e.data.step),
      [0, 0],
    );
  });
});
