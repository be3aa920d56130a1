// What every git we run gets (core/checkpoints/git-env.ts), shown on a real repository
// whose own config asks for a hook and whose environment carries GIT_* variables: the
// hook does not run, the inherited variables are gone and the caller's extras win.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { gitConfigArgs, isolatedGitEnv } from '../../../extension/src/core/checkpoints/git-env';

describe('git env (hooks, fsmonitor, config and GIT_* variables off)', () => {
  it('drops inherited GIT_* variables and the global config; extras come last', () => {
    process.env['GIT_DIR'] = '/elsewhere';
    try {
      const env = isolatedGitEnv({ GIT_WORK_TREE: '/work', GIT_PAGER: 'less' });
      assert.equal(env['GIT_DIR'], undefined);
      assert.equal(env['GIT_CONFIG_GLOBAL'], '/dev/null');
      assert.equal(env['GIT_CONFIG_NOSYSTEM'], '1');
      assert.equal(env['GIT_WORK_TREE'], '/work');
      assert.equal(env['GIT_PAGER'], 'less');
    } finally {
      delete process.env['GIT_DIR'];
    }
  });

  it("runs no hook of the repository's own, though its config names one", () => {
    const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'git-env-'));
    const git = (args: string[], env?: NodeJS.ProcessEnv) =>
      spawnSync('git', args, { cwd: repo, encoding: 'utf8', ...(env ? { env } : {}) });
    assert.equal(git(['init', '-q']).status, 0);
    const hooks = path.join(repo, 'my-hooks');
    fs.mkdirSync(hooks);
    const ran = path.join(repo, 'hook-ran');
    fs.writeFileSync(path.join(hooks, 'pre-commit'), `#!/bin/sh\ntouch '${ran}'\n`, { mode: 0o755 });
    assert.equal(git(['config', 'core.hooksPath', hooks]).status, 0);
    const identity = {
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@t',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@t',
    };
    const commit = (args: string[]) =>
      git([...args, 'commit', '-q', '--allow-empty', '-m', 'x'], isolatedGitEnv(identity));
    assert.equal(commit(gitConfigArgs()).status, 0);
    assert.equal(fs.existsSync(ran), false, 'the hook did not run');
    assert.equal(commit([]).status, 0);
    assert.equal(fs.existsSync(ran), true, 'without the settings it does (the test can fail)');
  });
});
