// The board's Fetch (board-jobs.ts, branch-fetch.ts) over a real bare remote: the
// user's global config (GIT_CONFIG_GLOBAL) is read — the remote's URL only resolves
// through its `url.*.insteadOf`, as a private HTTPS remote needs its credential
// helper — and no command from the repository's own config runs: neither its hook
// (reference-transaction, which every ref update runs) nor its remote's uploadpack,
// nor its core.gitProxy for a git:// remote.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { runBoardJob } from '../../../extension/src/core/board/board-jobs';
import { commitOnBranch, git, initRepo } from './git-repos';

/** A shell script that leaves `marker` behind when run, then runs `then` with its arguments. */
function markerScript(file: string, marker: string, then: string): string {
  fs.writeFileSync(file, `#!/bin/sh\ntouch '${marker}'\n${then}\n`, { mode: 0o755 });
  return file;
}

describe('the board’s Fetch', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'board-fetch-'));
  const bare = path.join(root, 'remote.git');
  const other = initRepo(path.join(root, 'other'));
  git(root, ['init', '-q', '--bare', bare]);
  git(other, ['push', '-q', bare, 'main']);
  const repo = initRepo(path.join(root, 'repo'));
  git(repo, ['remote', 'add', 'origin', 'private-host:remote.git']);
  const hookMarker = path.join(root, 'hook-ran');
  const packMarker = path.join(root, 'uploadpack-ran');
  markerScript(path.join(repo, '.git', 'hooks', 'reference-transaction'), hookMarker, 'exit 0');
  const pack = markerScript(path.join(root, 'pack.sh'), packMarker, 'exec git-upload-pack "$@"');
  git(repo, ['config', 'remote.origin.uploadpack', pack]);
  const globalConfig = path.join(root, 'global.gitconfig');
  fs.writeFileSync(globalConfig, `[url "${root}/"]\n\tinsteadOf = private-host:\n`);
  const saved = process.env['GIT_CONFIG_GLOBAL'];
  after(() => {
    if (saved === undefined) delete process.env['GIT_CONFIG_GLOBAL'];
    else process.env['GIT_CONFIG_GLOBAL'] = saved;
  });

  it('reads the user’s global config and runs no command of the repository’s config', async () => {
    process.env['GIT_CONFIG_GLOBAL'] = globalConfig;
    commitOnBranch(other, 'feature', { 'PLAN.md': '- [ ] Ship\n' });
    git(other, ['push', '-q', bare, 'feature']);
    await runBoardJob({ kind: 'fetch', folder: repo });
    const refs = git(repo, ['for-each-ref', '--format=%(refname)', 'refs/remotes']).split('\n');
    assert.ok(refs.includes('refs/remotes/origin/feature'), refs.join(', '));
    assert.equal(fs.existsSync(hookMarker), false, 'the repository’s hook did not run');
    assert.equal(fs.existsSync(packMarker), false, 'the repository’s uploadpack did not run');
  });

  it('without the global config the remote does not resolve: the fetch fails with git’s reason', async () => {
    process.env['GIT_CONFIG_GLOBAL'] = '/dev/null';
    await assert.rejects(runBoardJob({ kind: 'fetch', folder: repo }), /git fetch origin failed/);
  });

  it('a git:// remote is fetched without the repository’s core.gitProxy', async () => {
    const proxied = initRepo(path.join(root, 'proxied'));
    const proxyMarker = path.join(root, 'gitproxy-ran');
    git(proxied, ['remote', 'add', 'origin', 'git://127.0.0.1:1/remote.git']);
    git(proxied, ['config', 'core.gitProxy', markerScript(path.join(root, 'proxy.sh'), proxyMarker, 'exit 1')]);
    await assert.rejects(runBoardJob({ kind: 'fetch', folder: proxied }), /git fetch origin failed/);
    assert.equal(fs.existsSync(proxyMarker), false, 'the repository’s core.gitProxy did not run');
  });
});
