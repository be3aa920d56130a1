// The board's worker jobs over a real git repository (board-jobs.ts): a branch's plan
// file as text with control characters made visible, too large refused, a ref that is
// not a branch refused; and the board page's messages validated (board-view.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runBoardJob } from '../../../extension/src/core/board/board-jobs';
import { parseBoardMessage } from '../../../extension/src/core/protocol/board-view';
import { commitOnBranch, initRepo } from './git-repos';

describe('the board worker’s jobs', () => {
  const repo = initRepo(fs.mkdtempSync(path.join(os.tmpdir(), 'board-jobs-')));
  commitOnBranch(repo, 'feature', { 'PLAN.md': '- [ ] Ship \u001b[2J it\n' });
  commitOnBranch(repo, 'huge', { 'PLAN.md': `- [ ] ${'x'.repeat(300 * 1024)}\n` });

  it('shows a branch’s plan file with control characters made visible', async () => {
    const reply = await runBoardJob({ kind: 'show', folder: repo, ref: 'refs/heads/feature', path: 'PLAN.md' });
    assert.equal(reply.text, '- [ ] Ship \u241b[2J it\n', 'ESC as its visible stand-in');
  });

  it('refuses a file over 256 KiB and a ref that is not a branch', async () => {
    await assert.rejects(
      runBoardJob({ kind: 'show', folder: repo, ref: 'refs/heads/huge', path: 'PLAN.md' }),
      /too large/,
    );
    for (const ref of ['--output=/tmp/x', 'HEAD', 'refs/heads/a..b', 'refs/tags/v1'])
      await assert.rejects(runBoardJob({ kind: 'show', folder: repo, ref, path: 'PLAN.md' }), /not a branch/);
  });

  it('reads the branches’ cards', async () => {
    const reply = await runBoardJob({
      kind: 'read',
      sessionDirs: [],
      folder: repo,
      nowMs: Date.now(),
      stallMinutes: 10,
      approvalTools: [],
    });
    assert.deepEqual(reply.cards?.map((c) => [c.source, c.branch]).sort(), [
      ['branch', 'feature'],
      ['branch', 'huge'],
    ]);
  });
});

describe('the board page’s messages', () => {
  it('are validated: known types with exactly their fields', () => {
    assert.deepEqual(parseBoardMessage({ type: 'act', key: 'session:1', action: 'approve' }), {
      ok: true,
      message: { type: 'act', key: 'session:1', action: 'approve' },
    });
    assert.equal(parseBoardMessage({ type: 'act', key: 'session:1', action: 'run' }).ok, false);
    assert.equal(parseBoardMessage({ type: 'fetch', extra: 1 }).ok, false);
    assert.equal(parseBoardMessage({ type: 'nope' }).ok, false);
    assert.equal(parseBoardMessage('ready').ok, false);
  });
});
