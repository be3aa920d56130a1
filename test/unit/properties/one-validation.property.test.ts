// Property test (fast-check): every CLI reader — plan (each format), plan --at,
// history, export — accepts and refuses exactly the logs `check` accepts and
// refuses, with check's first-violation message and exit code, over random damages
// of real logs (written by the real agent loop with a scripted model). Each damage
// is made in place to a log that `check` recorded in the verified index beforehand,
// so a reader that trusted a stale index would answer for bytes that are gone.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir, todo } from '../support/sessions';

/** Where the store keeps a log's verified index: beside the log, named after it. */
const verifiedIndexPath = (log: string): string => `${log}.verified`;

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

async function cli(cwd: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = capture(cwd);
  const code = await main(args, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const NL = 0x0a;

/** Splits into lines keeping each line's newline (the last may have none). */
function lines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (let nl = bytes.indexOf(NL); nl !== -1; nl = bytes.indexOf(NL, from)) {
    out.push(bytes.subarray(from, nl + 1));
    from = nl + 1;
  }
  if (from < bytes.length) out.push(bytes.subarray(from));
  return out;
}

type Damage =
  | { kind: 'flip'; at: number; xor: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'delete' | 'duplicate'; line: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'bom' | 'no-header' | 'crlf' }
  | { kind: 'version'; version: number }
  | { kind: 'concat'; other: number }
  | { kind: 'junk'; line: number; text: string };

/** Positions are fractions of the log's size or line count, so one damage fits any log. */
const unit = fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true });
const damage: fc.Arbitrary<Damage> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('flip' as const), at: unit, xor: fc.integer({ min: 1, max: 255 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: unit }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('delete' as const, 'duplicate' as const), line: unit }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('swap' as const), a: unit, b: unit }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('bom' as const, 'no-header' as const, 'crlf' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('version' as const), version: fc.integer({ min: -1, max: 3 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('concat' as const), other: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('junk' as const),
      line: unit,
      text: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom(
          '{}',
          '{"seq":1}',
          '{"type":"session","version":1,"id":"x","createdAt":"2026-12-01T00:00:00.000Z"}',
          '{"seq":99,"ts":"2026-12-01T00:00:00.000Z","type":"future/x","ignorable":true,"data":{}}',
        ),
      ),
    }),
  },
);

function applyDamage(log: Buffer, d: Damage, logs: Buffer[]): Buffer {
  const ls = lines(log);
  const pick = (u: number) => Math.floor(u * ls.length);
  switch (d.kind) {
    case 'flip': {
      if (log.length === 0) return log;
      const out = Buffer.from(log);
      const at = Math.floor(d.at * out.length);
      out[at] = out[at]! ^ d.xor;
      return out;
    }
    case 'truncate':
      return log.subarray(0, Math.floor(d.at * log.length));
    case 'delete':
      return Buffer.concat(ls.filter((_, i) => i !== pick(d.line)));
    case 'duplicate':
      return Buffer.concat(ls.flatMap((l, i) => (i === pick(d.line) ? [l, l] : [l])));
    case 'swap': {
      const [a, b] = [pick(d.a), pick(d.b)];
      return Buffer.concat(ls.map((l, i) => (i === a ? ls[b]! : i === b ? ls[a]! : l)));
    }
    case 'bom':
      return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), log]);
    case 'no-header':
      return Buffer.concat(ls.slice(1));
    case 'crlf':
      return Buffer.from(log.toString('latin1').replaceAll('\n', '\r\n'), 'latin1');
    case 'version':
      return Buffer.from(log.toString('latin1').replace(/"version":\d+/, `"version":${d.version}`), 'latin1');
    case 'concat':
      return Buffer.concat([log, logs[d.other % logs.length]!]);
    case 'junk': {
      const junk = Buffer.from(`${d.text.replaceAll('\n', ' ')}\n`);
      const at = pick(d.line);
      return Buffer.concat([...ls.slice(0, at), junk, ...ls.slice(at)]);
    }
  }
}

/** Real logs: the CLI's own `run` with a scripted model (one and two turns, a user plan edit between). */
async function realLogs(dir: string): Promise<Buffer[]> {
  const script = (responses: unknown[]): string => {
    const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ responses }));
    return file;
  };
  const plan = [
    { toolCalls: [{ name: 'todo_write', arguments: { todos: [todo('read', 'in_progress'), todo('fix')] } }] },
    {
      toolCalls: [
        { name: 'todo_write', arguments: { todos: [todo('read', 'completed'), todo('fix', 'in_progress')] } },
      ],
    },
    { text: 'Done.' },
  ];
  const run = async (args: string[]): Promise<{ sessionId: string; logPath: string }> => {
    const r = await cli(dir, ['run', '--session-dir', 's', '--allow-parallel-in-progress', 'true', '--json', ...args]);
    assert.equal(r.code, 0, r.err);
    const summary: unknown = JSON.parse(r.out);
    assert.ok(typeof summary === 'object' && summary !== null && 'sessionId' in summary && 'logPath' in summary);
    return { sessionId: String(summary.sessionId), logPath: String(summary.logPath) };
  };
  const one = await run(['--script', script(plan), 'fix it']);
  const two = await run(['--script', script(plan), 'first']);
  assert.equal((await cli(dir, ['edit', two.logPath, '--add', 'user item'])).code, 0);
  await run(['--script', script([...plan.slice(0, 1), { text: 'Halfway.' }]), '--session', two.sessionId, 'second']);
  const logs = [one.logPath, two.logPath].map((p) => fs.readFileSync(p));
  for (const p of [one.logPath, two.logPath]) loadLogFile(p); // both valid before any damage
  return logs;
}

describe('one validation for every reader', () => {
  const dir = tempDir('agent-checklist-one-validation-');
  const RUNS = 1000;
  let logs: Buffer[] = [];
  const pool: string[] = [];
  before(async () => {
    logs = await realLogs(dir);
    for (let i = 0; i < RUNS; i++) {
      pool.push(path.join(dir, `indexed-${i}.jsonl`));
      fs.writeFileSync(pool[i]!, logs[i % logs.length]!);
    }
    // Past the index's racy window (a log changed within the last second is not recorded).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (const p of pool) assert.equal((await cli(dir, ['check', p])).code, 0);
    assert.ok(
      pool.every((p) => fs.existsSync(verifiedIndexPath(p))),
      'check records every valid, settled log',
    );
  });

  it('plan, plan --at, history and export agree with check on 1,000 damaged real logs', async () => {
    let refused = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(damage, { maxLength: 3 }), async (damages) => {
        // The run's own indexed log (shrinking runs more: they damage a fresh file), rewritten in place (same inode).
        const i = run++;
        const subject = pool[i] ?? path.join(dir, 'damaged.jsonl');
        const bytes = damages.reduce((log, d) => applyDamage(log, d, logs), logs[i % logs.length]!);
        // No damage: the indexed log is left as it is, and is answered from the index.
        if (damages.length > 0 || pool[i] === undefined) fs.writeFileSync(subject, bytes);
        const checked = await cli(dir, ['check', subject]);
        assert.ok(checked.code === 0 || checked.code === 1, checked.err);
        const readers = [
          ['plan', subject],
          ['plan', subject, '--format', 'json'],
          ['plan', subject, '--format', 'markdown'],
          ['plan', subject, '--at', '1'],
          ['history', subject, '--format', 'json'],
          ['export', subject, '--format', 'json'],
        ];
        if (checked.code === 1) {
          refused++;
          assert.match(checked.err, /^invalid: .*: line \d+: /);
          for (const args of readers)
            assert.deepEqual(await cli(dir, args), { code: 1, out: '', err: checked.err }, args.join(' '));
          return;
        }
        const hasEvents = loadLogFile(subject).events.length > 0;
        for (const args of readers) {
          const read = await cli(dir, args);
          const expected = args.includes('--at') && !hasEvents ? 1 : 0;
          assert.equal(read.code, expected, `${args.join(' ')}: ${read.err}`);
          if (expected === 0) assert.equal(read.err, '', args.join(' '));
        }
      }),
      { numRuns: RUNS },
    );
    // The damages must mostly break the log, or the test says little.
    assert.ok(refused >= RUNS / 2, `only ${refused} of ${RUNS} damaged logs were refused`);
  });
});
