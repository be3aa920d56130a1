// ShadowGit's git processes run from the git worker thread (git-thread.ts), through the
// real module under tsx (the worker loads git-worker.ts through tsx; the built
// dist/git-worker.js is test/unit/cli/bundle.test.ts's): git is fed and drained while
// the caller's thread is blocked, its output arrives whole, and a git that cannot be
// started is a GitError that says so.
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { GitError, ShadowGit } from '../../../extension/src/core/checkpoints/shadow-git';
import { tempDir } from '../support/sessions';

function shadowGit(binary?: string): ShadowGit {
  const dir = tempDir();
  fs.mkdirSync(path.join(dir, 'ws'));
  return new ShadowGit(path.join(dir, 'shadow.git'), path.join(dir, 'ws'), binary);
}

/** Blocks this thread (no event loop turn) until `done` or the time is up. */
function blockUntil(done: () => boolean, ms: number): void {
  const cell = new Int32Array(new SharedArrayBuffer(4));
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) Atomics.wait(cell, 0, 0, 20);
}

describe("the checkpoints' git thread", () => {
  it("feeds git's standard input and reads its output while the caller's thread is blocked", async () => {
    const git = shadowGit();
    await git.ok(['init', '--quiet', '--template=']);
    // Many times a pipe's buffer: a git started from this thread would wait, stdin half
    // written, until this thread's event loop ran again, and never store the object.
    const content = randomBytes(4 * 1024 * 1024);
    const id = createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
    const object = path.join(git.gitDir, 'objects', id.slice(0, 2), id.slice(2));
    const stored = git.text(['hash-object', '-w', '--stdin'], content);
    blockUntil(() => fs.existsSync(object), 120_000);
    assert.ok(fs.existsSync(object), 'git stored the object while this thread was blocked');
    assert.equal(await stored, id);
    assert.deepEqual(await git.ok(['cat-file', 'blob', id]), content, 'the output arrives whole');
  });

  it('runs many at once, each answered with its own output and exit code', async () => {
    const git = shadowGit();
    await git.ok(['init', '--quiet', '--template=']);
    const texts = Array.from({ length: 12 }, (_, i) => `text ${i}\n`.repeat(i * 500));
    const ids = await Promise.all(texts.map((text) => git.text(['hash-object', '-w', '--stdin'], text)));
    assert.deepEqual(
      await Promise.all(ids.map(async (id) => (await git.ok(['cat-file', 'blob', id])).toString('utf8'))),
      texts,
    );
    const missing = await git.run(['cat-file', 'blob', '0'.repeat(40)]);
    assert.equal(missing.code, 128);
    assert.match(missing.stderr, /fatal/);
    await assert.rejects(
      git.ok(['cat-file', 'blob', '0'.repeat(40)]),
      (error: unknown) => error instanceof GitError && /^git cat-file failed \(exit 128\): fatal/.test(error.message),
    );
  });

  it('a git that cannot be started is a GitError that says to install git, and the next run still works', async () => {
    const missing = shadowGit('agent-checklist-no-such-git');
    await assert.rejects(missing.run(['status']), (error: unknown) => {
      assert.ok(error instanceof GitError);
      assert.equal(
        error.message,
        'git could not be started (spawn agent-checklist-no-such-git ENOENT); install git to use checkpoints',
      );
      return true;
    });
    assert.match(await shadowGit().text(['--version']), /^git version /);
  });
});
