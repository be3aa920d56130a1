// Checkpoints through the real CLI: `run` (the real loop, the scripted model at the
// model edge, the real file tools) on a real workspace that is itself a git
// repository, with the machine's git; then `changes` and `revert` on its log.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';

function capture(
  cwd: string,
  env: NodeJS.ProcessEnv,
): CliIo & { stdout: string[]; stderr: string[]; written: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], written: [] as string[], env, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: (t: string) => io.written.push(t),
  };
}

async function cli(dir: string, args: string[], ask?: (question: string) => string) {
  const io = capture(dir, { XDG_STATE_HOME: path.join(dir, 'state') });
  const code = await main(args, io, new AbortController().signal, ask ? { ask: async (q) => ask(q) } : {});
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n'), written: io.written.join('') };
}

/** The user's git in the workspace, with no global config. */
function userGit(ws: string, args: string[]): string {
  return execFileSync('git', args, {
    cwd: ws,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'u',
      GIT_AUTHOR_EMAIL: 'u@x',
      GIT_COMMITTER_NAME: 'u',
      GIT_COMMITTER_EMAIL: 'u@x',
    },
  });
}

/** Every file under `.git`, path and bytes, as one hash: any write our git made there would change it. */
function gitFolderHash(ws: string): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      hash.update(full);
      if (fs.statSync(full).isDirectory()) walk(full);
      else hash.update(fs.readFileSync(full));
    }
  };
  walk(path.join(ws, '.git'));
  return hash.digest('hex');
}

const LINES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
const original = `${LINES.join('\n')}\n`;
const withLine = (text: string, line: string, replacement: string): string =>
  text.replace(`${line}\n`, `${replacement}\n`);

/** Item 1 (`first`) edits a.txt's line 2 and creates new.txt; item 2 (`second`) edits a.txt at `secondLine` and writes b.txt. */
async function twoItemRun(
  secondLine: string,
): Promise<{ dir: string; ws: string; log: string; gitBefore: string; reflogBefore: string }> {
  const dir = tempDir();
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  fs.writeFileSync(path.join(ws, 'a.txt'), original);
  fs.writeFileSync(path.join(ws, 'b.txt'), 'b before\n');
  userGit(ws, ['init', '-q']);
  userGit(ws, ['add', '-A']);
  userGit(ws, ['commit', '-qm', 'user commit']);
  const gitBefore = gitFolderHash(ws);
  const reflogBefore = userGit(ws, ['reflog']);
  const script = path.join(dir, 'script.json');
  const edit = (old: string, replacement: string) => ({
    name: 'edit_file',
    arguments: { path: 'a.txt', old_string: `${old}\n`, new_string: `${replacement}\n` },
  });
  fs.writeFileSync(
    script,
    JSON.stringify({
      responses: [
        { toolCalls: [{ name: 'todo_write', arguments: { todos: [todo('first', 'in_progress'), todo('second')] } }] },
        {
          toolCalls: [
            edit('bravo', 'BRAVO'),
            { name: 'write_file', arguments: { path: 'new.txt', content: 'made by first\n' } },
          ],
        },
        {
          toolCalls: [
            { name: 'todo_write', arguments: { todos: [todo('first', 'completed'), todo('second', 'in_progress')] } },
          ],
        },
        {
          toolCalls: [
            edit(secondLine, `${secondLine}!`),
            { name: 'write_file', arguments: { path: 'b.txt', content: 'b after\n' } },
          ],
        },
        {
          toolCalls: [
            { name: 'todo_write', arguments: { todos: [todo('first', 'completed'), todo('second', 'completed')] } },
          ],
        },
        { text: 'Done.' },
      ],
    }),
  );
  const tools = 'todo_write,read_file,write_file,edit_file';
  const run = await cli(dir, [
    'run',
    '--script',
    script,
    '--cwd',
    'ws',
    '--session-dir',
    's',
    '--tools',
    tools,
    '--allow-parallel-in-progress',
    'true',
    '--yes',
    '--json',
    'go',
  ]);
  assert.equal(run.code, 0, run.err);
  return { dir, ws, log: JSON.parse(run.out).logPath, gitBefore, reflogBefore };
}

describe('checkpoints in the CLI', () => {
  it('run logs a checkpoint before the first workspace-changing call of a step, in the shadow repository, never in the workspace .git', async () => {
    const { dir, ws, log, gitBefore, reflogBefore } = await twoItemRun('india');
    const events = loadLogFile(log).events;
    const checkpoints = events.filter((e) => e.type === 'checkpoint/created');
    // Before the first change of steps 2 and 4, and one closing the turn (its last changes came after the last checkpoint).
    assert.deepEqual(
      checkpoints.map((e) => e.type === 'checkpoint/created' && [e.data.turn, e.data.step]),
      [
        [1, 2],
        [1, 4],
        [1, 6],
      ],
    );
    for (const cp of checkpoints)
      assert.match(cp.type === 'checkpoint/created' ? cp.data.commit : '', /^[0-9a-f]{40}$/);
    const next = checkpoints.map((cp) => events.find((e) => e.seq === cp.seq + 1));
    assert.deepEqual(
      next.map((e) => (e?.type === 'tool/call' ? e.data.name : e?.type)),
      ['edit_file', 'edit_file', 'turn/end'],
      'each comes right before its call; the closing one right before turn/end',
    );
    assert.equal(gitFolderHash(ws), gitBefore, "the workspace's .git is byte for byte as it was");
    assert.equal(userGit(ws, ['reflog']), reflogBefore);
    assert.ok(
      fs.readdirSync(path.join(dir, 'state', 'agent-checklist', 'checkpoints')).some((name) => name.endsWith('.git')),
    );
    const off = await cli(dir, [
      'run',
      '--script',
      path.join(dir, 'script.json'),
      '--cwd',
      'ws',
      '--session-dir',
      's2',
      '--tools',
      'todo_write,write_file,edit_file',
      '--allow-parallel-in-progress',
      'true',
      '--yes',
      '--json',
      '--checkpoints',
      'off',
      'go',
    ]);
    assert.ok(!loadLogFile(JSON.parse(off.out).logPath).events.some((e) => e.type === 'checkpoint/created'));
    assert.equal((await cli(dir, ['run', '--checkpoints', 'maybe', 'go'])).code, 2);
  });

  it("changes prints the item's diff as git diff does between the same two states, and json lists its files", async () => {
    const { dir, log } = await twoItemRun('india');
    const patch = await cli(dir, ['changes', log, '--item', '1']);
    assert.equal(patch.code, 0, patch.err);
    // The same two states in a scratch repository of the user's git.
    const scratch = path.join(dir, 'scratch');
    fs.mkdirSync(scratch);
    fs.writeFileSync(path.join(scratch, 'a.txt'), original);
    fs.writeFileSync(path.join(scratch, 'b.txt'), 'b before\n');
    userGit(scratch, ['init', '-q']);
    userGit(scratch, ['add', '-A']);
    userGit(scratch, ['commit', '-qm', 'before']);
    fs.writeFileSync(path.join(scratch, 'a.txt'), withLine(original, 'bravo', 'BRAVO'));
    fs.writeFileSync(path.join(scratch, 'new.txt'), 'made by first\n');
    userGit(scratch, ['add', '-A']);
    assert.equal(patch.written, userGit(scratch, ['diff', '--cached', '--no-renames']));
    const json = await cli(dir, ['changes', log, '--item', '2', '--format', 'json']);
    const parsed = JSON.parse(json.out);
    assert.equal(parsed.item, 'second');
    const closing = loadLogFile(log)
      .events.filter((e) => e.type === 'checkpoint/created')
      .at(-1);
    assert.equal(
      parsed.to,
      closing?.type === 'checkpoint/created' && closing.data.commit,
      'the checkpoint that closed the turn after it completed',
    );
    assert.deepEqual(parsed.files, [
      { status: 'M', path: 'a.txt', added: 1, removed: 1 },
      { status: 'M', path: 'b.txt', added: 1, removed: 1 },
    ]);
    assert.equal((await cli(dir, ['changes', log, '--item', '9'])).code, 1);
    assert.equal((await cli(dir, ['changes', log])).code, 2);
  });

  it('plan --format json and export list the files each item changed, between its checkpoints', async () => {
    const { dir, log } = await twoItemRun('india');
    const plan = await cli(dir, ['plan', log, '--format', 'json']);
    assert.equal(plan.code, 0, plan.err);
    assert.deepEqual(
      JSON.parse(plan.out).map((i: { content: string; evidence: { files: unknown } }) => [i.content, i.evidence.files]),
      [
        [
          'first',
          [
            { status: 'M', path: 'a.txt' },
            { status: 'A', path: 'new.txt' },
          ],
        ],
        [
          'second',
          [
            { status: 'M', path: 'a.txt' },
            { status: 'M', path: 'b.txt' },
          ],
        ],
      ],
    );
    const markdown = await cli(dir, ['export', log, '--format', 'markdown']);
    assert.match(markdown.out, /\| first \| 0 \| 2 \| 0 \| 0 \| 0 \| 0 \| a\.txt, new\.txt \| — \|/);
    // As of the first plan write (--at), nothing had a checkpoint yet: the files are unknown.
    const early = await cli(dir, ['plan', log, '--format', 'json', '--at', '8']);
    assert.deepEqual(
      JSON.parse(early.out).map((i: { evidence: { files: unknown } }) => i.evidence.files),
      [null, null],
    );
    // Elsewhere (another machine's state folder): no repository to read, so unknown, not "none".
    const elsewhere = capture(dir, { XDG_STATE_HOME: path.join(dir, 'other-state') });
    assert.equal(await main(['plan', log, '--format', 'json'], elsewhere), 0);
    assert.deepEqual(
      JSON.parse(elsewhere.stdout.join('')).map((i: { evidence: { files: unknown } }) => i.evidence.files),
      [null, null],
    );
  });

  it("revert restores the bytes of the files the item changed, keeps a later item's other lines, and puts the item back to pending", async () => {
    const { dir, ws, log, gitBefore } = await twoItemRun('india');
    const asked: string[] = [];
    const reverted = await cli(dir, ['revert', log, '--item', '1'], (q) => (asked.push(q), 'y'));
    assert.equal(reverted.code, 0, reverted.err);
    assert.match(asked[0] ?? '', /restore 2 file\(s\)/);
    assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), withLine(original, 'india', 'india!'));
    assert.equal(fs.existsSync(path.join(ws, 'new.txt')), false);
    assert.equal(fs.readFileSync(path.join(ws, 'b.txt'), 'utf8'), 'b after\n');
    const events = loadLogFile(log).events;
    const last = events.slice(-2);
    assert.equal(last[0]?.type, 'changes/reverted');
    if (last[0]?.type === 'changes/reverted')
      assert.deepEqual(last[0].data, {
        item: 'first',
        scope: 'item',
        checkpoint: last[0].data.checkpoint,
        files: ['a.txt', 'new.txt'],
      });
    assert.deepEqual(last[1]?.type === 'todo/user-edit' && last[1].data.todos, [
      todo('first'),
      todo('second', 'completed'),
    ]);
    assert.equal(gitFolderHash(ws), gitBefore);
    const again = await cli(dir, ['changes', log, '--item', '1', '--format', 'json']);
    assert.deepEqual(JSON.parse(again.out).files, [], 'a reverted item has no changes until it starts again');
  });

  it('revert refuses with exit 1 and the files when a later item changed the same lines, writing nothing', async () => {
    const { dir, ws, log } = await twoItemRun('BRAVO');
    const before = fs.readFileSync(path.join(ws, 'a.txt'));
    const size = fs.statSync(log).size;
    const refused = await cli(dir, ['revert', log, '--item', '1', '--yes']);
    assert.deepEqual(
      [refused.code, refused.err],
      [1, 'agent-checklist: not reverted: a later change touched the same lines in:\n  a.txt'],
    );
    assert.deepEqual(fs.readFileSync(path.join(ws, 'a.txt')), before);
    assert.equal(fs.readFileSync(path.join(ws, 'new.txt'), 'utf8'), 'made by first\n');
    assert.equal(fs.statSync(log).size, size);
    assert.equal((await cli(dir, ['revert', log, '--item', '1'])).code, 2, 'no terminal and no --yes');
  });
});
