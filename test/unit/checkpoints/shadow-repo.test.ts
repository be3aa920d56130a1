// The shadow repository with the machine's git on real files: what a checkpoint holds
// (.gitignore honoured, excluded folders, files over 5 MB, bytes as they are), the
// item's range as a function of the log, and a workspace restore.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { changeRange, type ChangeRange } from '../../../extension/src/core/plan/change-range';
import { resolveRange } from '../../../extension/src/core/checkpoints/item-changes';
import { planWorkspaceRestore } from '../../../extension/src/core/checkpoints/revert';
import { GitError } from '../../../extension/src/core/checkpoints/shadow-git';
import { ShadowRepo, type ChangedFile } from '../../../extension/src/core/checkpoints/shadow-repo';
import { memorySession, tempDir, todo } from '../support/sessions';

const MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The files a range changed, read as `agent-checklist changes` reads them: its ends resolved, then the shadow repository's diff. */
async function changedFiles(repo: ShadowRepo, range: ChangeRange | null): Promise<ChangedFile[]> {
  const resolved = await resolveRange(repo, range);
  return resolved === null ? [] : repo.changedFiles(resolved.from, resolved.to);
}

/** The range's unified diff, as `agent-checklist changes` prints it ('' when it changed nothing). */
async function diff(repo: ShadowRepo, range: ChangeRange | null): Promise<string> {
  const resolved = await resolveRange(repo, range);
  return resolved === null ? '' : repo.diff(resolved.from, resolved.to);
}

function workspace(): { ws: string; base: string; repo: ShadowRepo } {
  const dir = tempDir();
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  const base = path.join(dir, 'shadow');
  return { ws, base, repo: ShadowRepo.of(base, ws) };
}

const put = (ws: string, file: string, content: string | Buffer): void => {
  fs.mkdirSync(path.dirname(path.join(ws, file)), { recursive: true });
  fs.writeFileSync(path.join(ws, file), content);
};

async function filesIn(repo: ShadowRepo, commit: string): Promise<string[]> {
  return (await repo.git.text(['ls-tree', '-r', '--name-only', commit])).split('\n').filter(Boolean);
}

describe('the shadow repository', () => {
  it('leaves out what .gitignore ignores, excluded folders, files over 5 MB and nested repositories, outside the workspace', async () => {
    const { ws, base, repo } = workspace();
    put(ws, '.gitignore', 'build/\n*.log\n');
    put(ws, 'src/main.ts', 'export {};\n');
    put(ws, 'build/out.js', 'x');
    put(ws, 'debug.log', 'x');
    put(ws, 'node_modules/pkg/index.js', 'x');
    put(ws, 'deep/node_modules/pkg/index.js', 'x');
    put(ws, 'big.bin', Buffer.alloc(MAX_FILE_BYTES + 1));
    put(ws, 'edge.bin', Buffer.alloc(MAX_FILE_BYTES));
    put(ws, 'nested/.git/HEAD', 'ref: refs/heads/main\n');
    const first = await repo.checkpoint();
    assert.deepEqual(await filesIn(repo, first), ['.gitignore', 'edge.bin', 'src/main.ts']);
    assert.ok(
      fs.existsSync(path.join(base, fs.readdirSync(base)[0]!, 'HEAD')),
      'the repository is under the base folder',
    );
    assert.equal(fs.readdirSync(ws).includes('.git'), false, 'nothing is written in the workspace');
    // A tracked file that grows past the limit leaves the next checkpoint.
    put(ws, 'edge.bin', Buffer.alloc(MAX_FILE_BYTES + 10));
    assert.deepEqual(await filesIn(repo, await repo.checkpoint()), ['.gitignore', 'src/main.ts']);
  });

  it('stores bytes as they are, whatever .gitattributes say, and a checkpoint of an unchanged workspace is the same commit', async () => {
    const { ws, repo } = workspace();
    put(ws, '.gitattributes', '* text=auto eol=lf\n');
    const crlf = Buffer.from('one\r\ntwo\r\n');
    put(ws, 'crlf.txt', crlf);
    const first = await repo.checkpoint();
    assert.deepEqual(await repo.fileAt(first, 'crlf.txt'), crlf);
    assert.equal(await repo.checkpoint(), first);
    put(ws, 'crlf.txt', 'changed\n');
    const second = await repo.checkpoint();
    assert.notEqual(second, first);
    await repo.restore(first, ['crlf.txt']);
    assert.deepEqual(fs.readFileSync(path.join(ws, 'crlf.txt')), crlf);
  });

  it("moves the shadow HEAD as git does: each checkpoint's parent is the one before, a snapshot leaves HEAD, a held lock refuses", async () => {
    const { ws, repo } = workspace();
    const taken: string[] = [];
    for (const text of ['one\n', 'two\n', 'three\n']) {
      put(ws, 'a.txt', text);
      taken.unshift(await repo.checkpoint());
    }
    assert.deepEqual((await repo.git.text(['rev-list', 'HEAD'])).split('\n'), taken);
    assert.equal((await repo.git.run(['fsck', '--strict', '--no-dangling'])).code, 0);
    put(ws, 'a.txt', 'four\n');
    const now = await repo.snapshot();
    assert.equal(await repo.git.text(['rev-parse', 'HEAD']), taken[0], 'a snapshot is not a checkpoint');
    assert.equal(await repo.git.text(['rev-parse', `${now}^`]), taken[0]);
    const branch = await repo.git.text(['symbolic-ref', 'HEAD']);
    fs.writeFileSync(path.join(repo.git.gitDir, `${branch}.lock`), '');
    await assert.rejects(
      repo.checkpoint(),
      (error: unknown) => error instanceof GitError && /locked/.test(error.message),
    );
    assert.equal(await repo.git.text(['rev-parse', 'HEAD']), taken[0]);
    fs.rmSync(path.join(repo.git.gitDir, `${branch}.lock`));
    assert.equal(await repo.git.text(['rev-parse', `${await repo.checkpoint()}^`]), taken[0]);
  });

  it("an item's range runs from the first checkpoint after it turned in_progress to the first after it completed", async () => {
    const { ws, repo } = workspace();
    put(ws, 'a.txt', 'a\n');
    const session = memorySession();
    session.append('turn/start', { turn: 1 });
    session.append('todo/write', { todos: [todo('one', 'in_progress'), todo('two')] });
    const step = (n: number, commit: string): void => {
      session.append('step/start', { turn: 1, step: n });
      session.append('checkpoint/created', { turn: 1, step: n, commit });
      session.append('step/end', { turn: 1, step: n });
    };
    const before = await repo.checkpoint();
    step(1, before);
    put(ws, 'a.txt', 'a changed by one\n');
    session.append('todo/write', { todos: [todo('one', 'completed'), todo('two', 'in_progress')] });
    const middle = await repo.checkpoint();
    step(2, middle);
    put(ws, 'b.txt', 'made by two\n');
    assert.deepEqual(changeRange(session.events, 'one'), {
      item: 'one',
      startedSeq: 2,
      from: before,
      to: middle,
      completed: true,
    });
    assert.deepEqual(changeRange(session.events, 'two'), {
      item: 'two',
      startedSeq: 6,
      from: middle,
      to: null,
      completed: false,
    });
    assert.equal(changeRange(session.events, 'three'), null);
    assert.deepEqual(await changedFiles(repo, changeRange(session.events, 'one')), [{ status: 'M', path: 'a.txt' }]);
    assert.deepEqual(
      await changedFiles(repo, changeRange(session.events, 'two')),
      [{ status: 'A', path: 'b.txt' }],
      'open end: the workspace now',
    );
    assert.match(await diff(repo, changeRange(session.events, 'one')), /^-a\n\+a changed by one$/m);

    const restore = await planWorkspaceRestore(repo, session.events, 'one');
    assert.equal(restore.kind, 'ready');
    if (restore.kind !== 'ready') return;
    assert.deepEqual(restore.files, ['a.txt', 'b.txt']);
    await restore.apply();
    assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'a\n');
    assert.equal(fs.existsSync(path.join(ws, 'b.txt')), false);
  });
});
