// Items' checks in a live CLI `run` of our agent (issue 52) against a real OpenAI-compatible
// loopback server and real commands: the model completing an item runs its check once
// (a passing and a failing `node -e`), each recorded as one check/result before the
// model's next request, and the failed check's note is in that request's body exactly once
// (kept at its place, never repeated); a later write keeping the items completed runs nothing.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { LoopbackServer, sse } from '../providers/loopback-server';
import { textStep, toolCallStep } from '../providers/openai-wire';
import { tempDir, todo } from '../support/sessions';

const PASS = `node -e "console.log('all good')"`;
const FAIL = `node -e "console.error('boom at the end'); process.exit(3)"`;
/** The first line of the note the model is told of a failed check: exact words, guarded here. */
const CHECK_NOTE_HEAD = 'The check of a todo item you marked completed failed:';

async function cli(dir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LOOPBACK_KEY: '' };
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

let server: LoopbackServer;
before(async () => {
  server = await LoopbackServer.start();
});
after(() => server.close());

const runArgs = (...rest: string[]) => [
  'run',
  '--provider',
  'openai',
  '--base-url',
  `${server.url}/v1`,
  '--model',
  'm',
  '--api-key-env',
  'LOOPBACK_KEY',
  '--session-dir',
  's',
  '--tools',
  'todo_write',
  '--allow-parallel-in-progress',
  'false',
  '--checkpoints',
  'off',
  '--json',
  ...rest,
];

const writeStep = (id: string, todos: unknown) => sse(toolCallStep(id, 'todo_write', [JSON.stringify({ todos })]));
type Body = { messages: { role: string; content: unknown }[] };
const checkNotes = (request: number): string[] =>
  (server.requests[request]!.json as Body).messages.flatMap((m) =>
    m.role === 'user' && typeof m.content === 'string' && m.content.startsWith(CHECK_NOTE_HEAD) ? [m.content] : [],
  );

describe('run: items checks when the model completes an item', () => {
  it('runs each completed item check once, before the next request, which tells the failed one once', async () => {
    const dir = tempDir('checks-run-');
    server.enqueue(writeStep('c1', [todo('a'), todo('b')]), sse(textStep('Planned.')));
    const first = await cli(dir, runArgs('plan it'));
    assert.equal(first.code, 0, first.err);
    const { logPath, sessionId } = JSON.parse(first.out) as { logPath: string; sessionId: string };
    assert.equal((await cli(dir, ['edit', logPath, '--check', `1=${PASS}`])).code, 0);
    assert.equal((await cli(dir, ['edit', logPath, '--check', `2=${FAIL}`])).code, 0);

    const from = server.requests.length;
    server.enqueue(
      writeStep('c2', [todo('a', 'completed'), todo('b', 'completed')]),
      writeStep('c3', [todo('a', 'completed'), todo('b', 'completed')]),
      sse(textStep('Done.')),
    );
    const second = await cli(dir, runArgs('--session', sessionId, 'finish'));
    assert.equal(second.code, 0, second.err);
    assert.match(second.err, /check of "a": .*: passed \(exit 0\)/);
    assert.match(second.err, /check of "b": .*: failed \(exit 3\)/);

    const results = loadLogFile(logPath).events.flatMap((e) => (e.type === 'check/result' ? [e.data] : []));
    assert.deepEqual(
      results.map((r) => [r.item, r.exitCode]),
      [
        ['a', 0],
        ['b', 3],
      ],
      'once per completion: the later write keeping them completed ran nothing',
    );
    assert.match(results[1]!.output, /boom at the end/);

    assert.deepEqual(checkNotes(from), [], 'nothing is told before the completion');
    const told = checkNotes(from + 1);
    assert.equal(told.length, 1, 'the next request carries the note once');
    assert.match(told[0]!, /- item: "b"\n- command: node -e .*\n- exit code 3\n/);
    assert.match(told[0]!, /boom at the end/);
    assert.doesNotMatch(told[0]!, /all good/, 'a passed check is not told');
    assert.deepEqual(checkNotes(from + 2), told, 'kept at its place, never repeated');

    const plan = await cli(dir, ['plan', logPath, '--format', 'json']);
    const items = JSON.parse(plan.out) as { check: { state: string } | null; flag: unknown }[];
    assert.deepEqual(
      items.map((i) => i.check?.state),
      ['passed', 'failed'],
    );
    assert.deepEqual(items[1]!.flag, { reason: 'check-failed', exitCode: 3 });
  });
});
