// The built CLI's tools that load lazily or run outside the main bundle, in one run of
// our agent with the scripted model: grep on the RE2 engine (a backreference, which a
// backtracking engine would take, is refused with RE2's reason), bash in the
// bubblewrap sandbox (the workspace writable, the folder beside it out of sight, no
// capabilities), and checkpoints taken by the git worker: the run yields
// `checkpoint/created` and `agent-checklist changes` shows the item's diff.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import {
  assertLogChecks,
  logEvents,
  runBuiltCli,
  runEnv,
  runReport,
  tempDir,
  type LoggedEvent,
} from './support/built-cli';

const call = (name: string, args: unknown) => ({ toolCalls: [{ name, arguments: args }] });
const plan = (status: string) => call('todo_write', { todos: [{ content: 'Change the note', status }] });

const toolResultSchema = z.object({ callId: z.string(), isError: z.boolean(), content: z.string() });

/** Each tool result on the log, in order, with the name of the tool called. */
function toolResults(events: readonly LoggedEvent[]): { name: string; isError: boolean; content: string }[] {
  const names = new Map<string, string>();
  for (const e of events) {
    if (e.type === 'tool/call') {
      const data = z.object({ callId: z.string(), name: z.string() }).parse(e.data);
      names.set(data.callId, data.name);
    }
  }
  return events
    .filter((e) => e.type === 'tool/result')
    .map((e) => toolResultSchema.parse(e.data))
    .map((r) => ({ name: names.get(r.callId) ?? '?', isError: r.isError, content: r.content }));
}

describe('the built CLI: grep (RE2), bash in the sandbox, checkpoints (git worker)', () => {
  it('one run uses each; the log checks and `changes` shows what the item changed', async () => {
    const dir = tempDir();
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    fs.writeFileSync(path.join(ws, 'note.txt'), 'hello world\n');
    fs.writeFileSync(path.join(dir, 'beside-the-workspace'), 'outside\n');
    const script = path.join(dir, 'model.json');
    const probe = [
      'echo sandboxed > from-bash.txt',
      'test -e ../beside-the-workspace && echo beside:visible || echo beside:hidden',
      "grep '^CapEff' /proc/self/status",
    ].join('; ');
    fs.writeFileSync(
      script,
      JSON.stringify({
        responses: [
          plan('in_progress'),
          call('grep', { pattern: 'hel+o', path: '.' }),
          call('grep', { pattern: '(l)\\1', path: '.' }),
          call('bash', { command: probe }),
          call('write_file', { path: 'note.txt', content: 'hello there\n' }),
          plan('completed'),
          { text: 'Done.' },
        ],
      }),
    );
    const result = await runBuiltCli(
      [
        'run',
        '--script',
        script,
        '--allow-parallel-in-progress',
        'false',
        '--session-dir',
        path.join(dir, 'sessions'),
        '--yes',
        '--json',
        'Change the note.',
      ],
      ws,
      runEnv(dir),
    );
    assert.equal(result.code, 0, `stdout:\n${result.stdout}\nstderr:\n${result.stderr}`);
    const report = runReport(result);
    assert.deepEqual(report.turnEnd, { kind: 'completed' });
    const events = logEvents(report.logPath);
    const [, match, refused, bash, write] = toolResults(events);

    assert.deepEqual(match, { name: 'grep', isError: false, content: 'note.txt:1: hello world' });
    assert.equal(refused?.name, 'grep');
    assert.equal(refused.isError, true);
    assert.match(refused.content, /invalid pattern: invalid escape sequence: \\1$/, 'RE2 refuses a backreference');

    assert.equal(bash?.name, 'bash');
    assert.equal(bash.isError, false, bash.content);
    assert.match(bash.content, /beside:hidden/, 'the folder beside the workspace is out of the sandbox');
    assert.match(bash.content, /CapEff:\s+0+\b/, 'no capabilities inside the sandbox');
    assert.equal(fs.readFileSync(path.join(ws, 'from-bash.txt'), 'utf8'), 'sandboxed\n');

    assert.deepEqual(write && { name: write.name, isError: write.isError }, { name: 'write_file', isError: false });
    assert.ok(
      events.filter((e) => e.type === 'checkpoint/created').length >= 2,
      'a checkpoint before the first change and one closing the turn',
    );
    await assertLogChecks(report.logPath);

    const changes = await runBuiltCli(['changes', report.logPath, '--item', '1'], ws, runEnv(dir));
    assert.equal(changes.code, 0, changes.stderr);
    assert.match(changes.stdout, /^-hello world$/m);
    assert.match(changes.stdout, /^\+hello there$/m);
    assert.match(changes.stdout, /from-bash\.txt/);
    assert.match(changes.stdout, /^\+sandboxed$/m);
  });
});
