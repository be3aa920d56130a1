// Protected paths a sandboxed command creates (no read-only mount could cover them:
// they did not exist when it started) do not stay in the workspace: once the command is
// gone they are moved to a 0700 quarantine folder outside it (deleted when that is on
// another file system), and the command's result says so. Links named like a
// protected path, and links to one, lead nowhere the next command or host git could
// use. For real (bwrap), as the user running the tests (root in CI) through the real
// bash tool, and as `nobody` through setpriv with the command line the tool builds.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createBashTool } from '../../../extension/src/core/tools/bash/bash-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { sandboxArgv } from '../../../extension/src/core/tools/bash/sandbox';
import { prepareSandbox } from '../../../extension/src/core/tools/bash/sandbox/prepare';
import { WALK_MAX_ENTRIES } from '../../../extension/src/core/tools/bash/sandbox/read-only-mounts';
import {
  autoApprovals,
  ctx,
  isolateQuarantine,
  sandboxSkip,
  unprivilegedSandboxSkip,
  tempWorkspace,
  type TempWorkspace,
} from './support';

const skip = sandboxSkip();
if (skip) console.log(`# skipped: the sandbox quarantine tests (${skip})`);

const quarantine = isolateQuarantine();
const state = process.env['XDG_STATE_HOME'] ?? '';

async function bash(ws: TempWorkspace, command: string, protectedGlobs?: string[]): Promise<string> {
  const registry = new ToolRegistry();
  registry.register(
    createBashTool({
      workspace: ws.workspace,
      approvals: autoApprovals(),
      trusted: true,
      sandbox: { mode: 'auto', network: false, ...(protectedGlobs ? { protectedGlobs } : {}) },
    }),
  );
  return (await registry.execute('bash', JSON.stringify({ command }), ctx())).content;
}

/** The quarantine path each `moved … to <path>]` line of `out` names, in order. */
const movedTo = (out: string): string[] =>
  [...out.matchAll(/moved out of the workspace to (\S+)\]$/gm)].map((m) => m[1] ?? '');
const movedLine = (rel: string, to: string): string =>
  `[sandbox: this command created ${rel}, a protected path (what is in it runs later, outside the sandbox): moved out of the workspace to ${to}]`;
/** The repository host git finds for `dir` (its top level), or null. */
const hostRepository = (dir: string): string | null => {
  const run = spawnSync('git', ['rev-parse', '--show-toplevel'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, GIT_CEILING_DIRECTORIES: path.dirname(dir) },
  });
  return run.status === 0 ? run.stdout.trim() : null;
};

describe('protected paths a command creates', { skip }, () => {
  it(`a new nested repository with a hook and core.fsmonitor is moved out, the rest of what it made stays (uid ${process.getuid?.()})`, async () => {
    const ws = tempWorkspace();
    const command = [
      'mkdir sub && echo kept > sub/file.txt',
      'git init -q sub',
      'printf "#!/bin/sh\\necho pwned\\n" > sub/.git/hooks/pre-commit && chmod +x sub/.git/hooks/pre-commit',
      'git -C sub config core.fsmonitor "touch /tmp/pwned"',
      'echo made',
    ].join(' && ');
    const out = await bash(ws, command);
    const [to] = movedTo(out);
    assert.ok(to !== undefined && to.startsWith(`${quarantine}/`), out);
    assert.equal(out, `made\n${movedLine('sub/.git', to)}\n[exit code: 0]`);
    assert.equal(fs.existsSync(path.join(ws.root, 'sub/.git')), false);
    assert.equal(ws.read('sub/file.txt'), 'kept\n');
    assert.equal(hostRepository(path.join(ws.root, 'sub')), null, 'host git finds no repository in sub any more');
    assert.equal(path.basename(to), '1-.git', 'not named .git in the quarantine');
    assert.equal(
      fs.readFileSync(path.join(to, 'hooks/pre-commit'), 'utf8'),
      '#!/bin/sh\necho pwned\n',
      'kept for the user to look at',
    );
    const folder = path.dirname(to);
    assert.equal(fs.statSync(folder).mode & 0o777, 0o700);
    assert.match(
      fs.readFileSync(path.join(folder, 'MOVED.txt'), 'utf8'),
      new RegExp(
        `\\n1-\\.git\\t${path.join(fs.realpathSync(ws.root), 'sub/.git').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\n$`,
      ),
    );
  });

  it('a nested repository that was there before stays where it is (read-only, not moved)', async () => {
    const ws = tempWorkspace();
    ws.file('old/.git/config', '[core]\n');
    const out = await bash(
      ws,
      '(echo x >> old/.git/config) 2>/dev/null || echo refused; mkdir -p new/.git/hooks && echo hook > new/.git/hooks/pre-commit',
    );
    const [to] = movedTo(out);
    assert.ok(to !== undefined, out);
    assert.equal(out, `refused\n${movedLine('new/.git', to)}\n[exit code: 0]`);
    assert.equal(ws.read('old/.git/config'), '[core]\n');
    assert.deepEqual(fs.readdirSync(path.join(ws.root, 'new')), []);
  });

  it('.vscode/settings.json in a folder that had none: refused at the top, moved out below when a protectedPaths glob covers it', async () => {
    const ws = tempWorkspace();
    ws.file('packages/app/index.js', 'x\n');
    const command = [
      '(mkdir -p .vscode && echo \'{"agentChecklist.tools.autoApprove": true}\' > .vscode/settings.json) 2>/dev/null || echo top-refused',
      'mkdir -p packages/app/.vscode && echo "{}" > packages/app/.vscode/settings.json && echo nested-made',
    ].join('; ');
    const out = await bash(ws, command, ['**/.vscode/**']);
    const [to] = movedTo(out);
    assert.ok(to !== undefined, out);
    assert.equal(out, `top-refused\nnested-made\n${movedLine('packages/app/.vscode', to)}\n[exit code: 0]`);
    assert.deepEqual(fs.readdirSync(ws.root), ['packages'], 'no .vscode at the top (its placeholder is gone too)');
    assert.deepEqual(fs.readdirSync(path.join(ws.root, 'packages/app')), ['index.js']);
    assert.equal(fs.readFileSync(path.join(to, 'settings.json'), 'utf8'), '{}\n');
  });

  it('says what it did not look at when the command made more entries than the walk looks at', async () => {
    const ws = tempWorkspace();
    const out = await bash(ws, `mkdir many && (cd many && seq 0 ${WALK_MAX_ENTRIES} | xargs touch) && echo made`);
    assert.equal(
      out,
      `made\n[sandbox: this command made more than ${WALK_MAX_ENTRIES} entries, so not all of the workspace was looked at for protected paths it created (a nested .git, .vscode or protectedPaths match): one beyond them is still there]\n[exit code: 0]`,
    );
  });

  it('deletes what it cannot move in one rename (the quarantine on another file system)', async (t) => {
    const shm = '/dev/shm';
    const ws = tempWorkspace();
    if (!fs.existsSync(shm) || fs.statSync(shm).dev === fs.statSync(ws.root).dev) {
      t.skip('no second file system at /dev/shm');
      return;
    }
    const other = fs.mkdtempSync(path.join(shm, 'agent-checklist-state-'));
    process.env['XDG_STATE_HOME'] = other;
    try {
      const out = await bash(ws, 'mkdir -p sub/.git/hooks && echo hook > sub/.git/hooks/pre-commit');
      assert.match(
        out,
        /^\(no output\)\n\[sandbox: this command created sub\/\.git, a protected path \(what is in it runs later, outside the sandbox\): deleted \(the quarantine \/dev\/shm\/agent-checklist-state-\S+ is on another file system\)\]\n\[exit code: 0\]$/,
      );
      assert.deepEqual(fs.readdirSync(path.join(ws.root, 'sub')), []);
    } finally {
      process.env['XDG_STATE_HOME'] = state;
      fs.rmSync(other, { recursive: true, force: true });
    }
  });
});

describe('protected names and links', { skip }, () => {
  it('.vscode cannot be made a link (its placeholder is a read-only mount point)', async () => {
    const ws = tempWorkspace();
    ws.file('cfg/settings.json', '{}\n');
    const out = await bash(
      ws,
      '(ln -s cfg .vscode || ln -sfn cfg .vscode || (rm -rf .vscode && ln -s cfg .vscode) || mv .vscode gone) 2>/dev/null || echo refused; test -L .vscode && echo is-link || true',
    );
    assert.equal(out, 'refused\n[exit code: 0]');
    assert.deepEqual(fs.readdirSync(ws.root), ['cfg']);
  });

  it('a link to .git is no way in, now or in the next command; it stays (it is not a repository by itself)', async () => {
    const ws = tempWorkspace();
    ws.file('.git/config', '[core]\n');
    const out = await bash(ws, 'ln -s .git x && ((echo evil > x/hooks-pre-commit) 2>/dev/null || echo refused)');
    assert.equal(out, 'refused\n[exit code: 0]');
    assert.equal(
      await bash(ws, '(echo "[core] fsmonitor = evil" >> x/config) 2>/dev/null || echo still-refused'),
      'still-refused\n[exit code: 0]',
    );
    assert.equal(ws.read('.git/config'), '[core]\n');
    assert.equal(fs.readlinkSync(path.join(ws.root, 'x')), '.git');
  });

  it('a nested .git made as a link, or as a gitdir file, to a repository the command made elsewhere is moved out', async () => {
    const ws = tempWorkspace();
    const command = [
      'git init -q --bare evil && printf "#!/bin/sh\\necho pwned\\n" > evil/hooks/pre-commit',
      'mkdir a b && ln -s ../evil a/.git && echo "gitdir: ../evil" > b/.git',
    ].join(' && ');
    const out = await bash(ws, command);
    const [toA, toB] = movedTo(out);
    assert.ok(toA !== undefined && toB !== undefined, out);
    assert.equal(out, `(no output)\n${movedLine('a/.git', toA)}\n${movedLine('b/.git', toB)}\n[exit code: 0]`);
    assert.equal(fs.readlinkSync(toA), '../evil', 'the link itself moved, not what it leads to');
    assert.equal(hostRepository(path.join(ws.root, 'a')), null);
    assert.equal(hostRepository(path.join(ws.root, 'b')), null);
  });

  it('a top-level protected link replaced by a real folder: the folder is moved out, what the link led to stays as it was', async () => {
    const ws = tempWorkspace();
    ws.file('cfg/settings.json', '{}\n');
    fs.symlinkSync('cfg', path.join(ws.root, '.vscode'));
    const out = await bash(
      ws,
      '((echo x >> cfg/settings.json) 2>/dev/null || echo target-read-only) && rm .vscode && mkdir .vscode && echo \'{"agentChecklist.tools.autoApprove": true}\' > .vscode/settings.json && echo replaced',
    );
    const [to] = movedTo(out);
    assert.ok(to !== undefined, out);
    assert.equal(out, `target-read-only\nreplaced\n${movedLine('.vscode', to)}\n[exit code: 0]`);
    assert.equal(
      fs.existsSync(path.join(ws.root, '.vscode')),
      false,
      "the link was the command's to remove; the folder it put there is gone",
    );
    assert.equal(ws.read('cfg/settings.json'), '{}\n');
    assert.equal(
      fs.readFileSync(path.join(to, 'settings.json'), 'utf8'),
      '{"agentChecklist.tools.autoApprove": true}\n',
    );
  });

  it('a protected link that led nowhere: what the command made where it leads is moved out', async () => {
    const ws = tempWorkspace();
    fs.symlinkSync('cfg', path.join(ws.root, '.vscode'));
    const out = await bash(ws, 'mkdir cfg && echo "{}" > cfg/tasks.json && echo made');
    const [to] = movedTo(out);
    assert.ok(to !== undefined, out);
    assert.equal(
      out,
      `[sandbox: .vscode is a link to nothing: what it points to can be created in this command]\nmade\n${movedLine('cfg (where the link .vscode leads)', to)}\n[exit code: 0]`,
    );
    assert.equal(fs.existsSync(path.join(ws.root, 'cfg')), false);
    assert.equal(fs.readlinkSync(path.join(ws.root, '.vscode')), 'cfg', "the user's link stays");
  });
});

const unprivileged = unprivilegedSandboxSkip('sandbox quarantine tests');

describe('protected paths a command creates, as an unprivileged user (nobody)', { skip: unprivileged }, () => {
  it('a hook in a new nested repository and a nested .vscode/settings.json are moved out', async () => {
    const ws = tempWorkspace();
    ws.file('packages/app/index.js', 'x\n');
    spawnSync('chown', ['-R', '65534:65534', path.dirname(ws.root)]);
    const real = fs.realpathSync(ws.root);
    const run = await prepareSandbox({ mode: 'auto', network: false, protectedGlobs: ['**/.vscode/**'] }, real, false);
    let lines: string[];
    let out;
    try {
      const command = [
        'HOME=/tmp git init -q sub && printf "#!/bin/sh\\necho pwned\\n" > sub/.git/hooks/pre-commit && chmod +x sub/.git/hooks/pre-commit',
        'mkdir -p packages/app/.vscode && echo "{}" > packages/app/.vscode/settings.json',
        'id -u',
      ].join(' && ');
      const { argv, fds } = sandboxArgv(run, real, command);
      const [program, ...args] = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', ...argv];
      assert.ok(program);
      out = spawnSync(program, args, {
        cwd: real,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe', 'ignore', ...fds],
      });
    } finally {
      lines = await run.release();
    }
    assert.equal(out.stdout, '65534\n', out.stderr);
    const moved = lines.map((line) =>
      /^\[sandbox: this command created (\S+), a protected path .*: moved out of the workspace to (\S+)\]$/
        .exec(line)
        ?.slice(1),
    );
    assert.deepEqual(moved.map((m) => m?.[0]).sort(), ['packages/app/.vscode', 'sub/.git'], lines.join('\n'));
    const gitTo = moved.find((m) => m?.[0] === 'sub/.git')?.[1] ?? '';
    assert.equal(fs.readFileSync(path.join(gitTo, 'hooks/pre-commit'), 'utf8'), '#!/bin/sh\necho pwned\n');
    assert.deepEqual(fs.readdirSync(path.join(ws.root, 'sub')), []);
    assert.deepEqual(fs.readdirSync(path.join(ws.root, 'packages/app')), ['index.js']);
    assert.equal(await run.release().then((again) => again.length), 0, 'a second release does nothing');
  });
});
