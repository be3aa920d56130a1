// The branch reader (core/board/branch-plans.ts) over a real git repository: every
// local and remote-tracking branch's plan file through one `git cat-file --batch`,
// the file missing, too large, binary or hostile, and the work tree left as it was.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { readBranchPlans } from '../../../extension/src/core/board/branch-plans';
import { planFileName } from '../../../extension/src/core/board/plan-file-name';
import { SPEC_KIT } from '../plan/task-file-fixtures';
import { tempDir } from '../support/sessions';
import { commitOnBranch, git, initRepo } from './git-repos';

const clock = { nowMs: Date.parse('2026-12-01T12:00:00Z'), stallMinutes: 10 };

describe('the branch reader', () => {
  it('reads the plan file on local and remote-tracking branches; a branch without it has no card', async () => {
    const root = tempDir();
    const remote = path.join(root, 'remote.git');
    git(root, ['init', '-q', '--bare', remote]);
    const repo = initRepo(path.join(root, 'repo'));
    git(repo, ['remote', 'add', 'origin', remote]);
    commitOnBranch(repo, 'feature', { 'PLAN.md': '- [x] One\n- [ ] **Two** _(in progress)_\n- [ ] Three\n' }, 'Ada');
    commitOnBranch(repo, 'shipped', { 'PLAN.md': '- [x] One\n' }, 'Bob', '2026-12-01T08:00:00Z');
    git(repo, ['push', '-q', 'origin', 'feature', 'main']);
    const status = git(repo, ['status', '--porcelain']);
    const cards = await readBranchPlans(repo, 'PLAN.md', clock);
    const byId = new Map(cards.map((c) => [c.id, c]));
    assert.deepEqual([...byId.keys()].sort(), [
      'refs/heads/feature',
      'refs/heads/shipped',
      'refs/remotes/origin/feature',
    ]);
    const feature = byId.get('refs/heads/feature')!;
    assert.deepEqual(
      [feature.source, feature.agent, feature.title, feature.branch, feature.path, feature.state],
      ['branch', 'Ada', 'feature', 'feature', 'PLAN.md', 'running'],
    );
    assert.deepEqual([feature.completed, feature.total, feature.active], [1, 3, 'Two']);
    assert.equal(byId.get('refs/remotes/origin/feature')!.branch, 'origin/feature');
    const shipped = byId.get('refs/heads/shipped')!;
    assert.deepEqual([shipped.state, shipped.agent, shipped.updatedAt], ['done', 'Bob', '2026-12-01T08:00:00.000Z']);
    assert.equal(git(repo, ['status', '--porcelain']), status, 'the work tree is unchanged');
    assert.equal(git(repo, ['rev-parse', '--abbrev-ref', 'HEAD']).trim(), 'main');
  });

  it('a file over 256 KiB, a binary file and a file that is no plan are unreadable with a reason', async () => {
    const repo = initRepo(path.join(tempDir(), 'repo'));
    commitOnBranch(repo, 'huge', { 'PLAN.md': `- [ ] ${'x'.repeat(300 * 1024)}\n` });
    commitOnBranch(repo, 'binary', { 'PLAN.md': Buffer.from([0x2d, 0x20, 0x00, 0xff, 0x0a]) });
    commitOnBranch(repo, 'prose', { 'PLAN.md': '# Our plan\nWe will see.\n' });
    commitOnBranch(repo, 'small', { 'PLAN.md': '- [ ] Fine\n' });
    const cards = await readBranchPlans(repo, 'PLAN.md', clock);
    const reason = (branch: string) => cards.find((c) => c.branch === branch);
    assert.equal(reason('huge')?.state, 'unreadable');
    assert.match(reason('huge')?.reason ?? '', /too large/);
    assert.equal(reason('binary')?.reason, 'binary');
    assert.match(reason('prose')?.reason ?? '', /line 1 is not an item/);
    assert.equal(reason('small')?.state, 'idle', 'the answer after a large one is still read right');
  });

  it('hostile text stays text: control characters, HTML and a name that looks like a command', async () => {
    const root = tempDir();
    const repo = initRepo(path.join(root, 'repo'));
    const marker = path.join(root, 'ran');
    const hostile = `- [ ] **\\e[2J<img src=x onerror=alert(1)> $(touch ${marker})** _(in progress)_\n`;
    commitOnBranch(repo, 'evil', { 'PLAN.md': hostile }, 'Mallory \u001b[31m');
    fs.writeFileSync(path.join(repo, '.git', 'hooks', 'post-checkout'), `#!/bin/sh\ntouch ${marker}\n`, {
      mode: 0o755,
    });
    git(repo, ['config', 'core.fsmonitor', `touch ${marker}`]);
    const [card] = await readBranchPlans(repo, 'PLAN.md', clock);
    assert.equal(card?.active, `\u001b[2J<img src=x onerror=alert(1)> $(touch ${marker})`);
    assert.equal(card?.agent, 'Mallory \u001b[31m');
    assert.equal(fs.existsSync(marker), false, 'no hook, fsmonitor or text was run');
  });

  it('reads a branch’s spec-kit or Kiro tasks.md with the task-file readers', async () => {
    const repo = initRepo(path.join(tempDir(), 'repo'));
    commitOnBranch(repo, 'speckit', { 'specs/tasks.md': SPEC_KIT });
    commitOnBranch(repo, 'kiro', { 'specs/tasks.md': '# Implementation Plan\n\n- [x] 1. Set up\n- [-] 2. Build it\n' });
    const cards = await readBranchPlans(repo, 'specs/tasks.md', clock);
    const card = (branch: string) => cards.find((c) => c.branch === branch);
    assert.equal(card('speckit')?.state, 'idle', card('speckit')?.reason);
    const tasks = SPEC_KIT.split('\n').filter((line) => /^\s*- \[[ xX]\] T\d{3} /.test(line));
    assert.deepEqual(
      [card('speckit')?.completed, card('speckit')?.total],
      [tasks.filter((line) => /\[[xX]\]/.test(line)).length, tasks.length],
    );
    assert.deepEqual(
      [card('kiro')?.state, card('kiro')?.completed, card('kiro')?.total, card('kiro')?.active],
      ['running', 1, 2, 'Build it'],
    );
  });

  it('names the plan file: the flag, else .vscode/settings.json (with comments), else PLAN.md', () => {
    const repo = tempDir();
    assert.deepEqual(planFileName(repo), { ok: true, path: 'PLAN.md' });
    fs.mkdirSync(path.join(repo, '.vscode'));
    fs.writeFileSync(
      path.join(repo, '.vscode', 'settings.json'),
      '{\n  // ours\n  "agentChecklist.planFile": "docs/plan.md", /* the team\'s */\n}\n',
    );
    assert.deepEqual(planFileName(repo), { ok: true, path: 'docs/plan.md' });
    assert.deepEqual(planFileName(repo, 'TODO.md'), { ok: true, path: 'TODO.md' });
    assert.equal(planFileName(repo, '../outside.md').ok, false);
    assert.equal(planFileName(repo, '.git/config').ok, false);
  });
});
