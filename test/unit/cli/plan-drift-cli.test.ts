// Plan first's drift through the real CLI entry (main) and the scripted model: after
// --approve-plan (not asked again: --reapprove-on-scope-change off) the model rewords one item, adds one and drops one; `plan --format
// json` marks each item not in the approved plan (the same from a replay and from the
// verified index), `history` each version's, and `export` shows the approved version next to the final one.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { tempDir } from '../support/sessions';

async function cli(dir: string, args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { env: {}, cwd: dir, out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const APPROVED = [
  { content: 'read code.ts', status: 'pending' },
  { content: 'write notes.txt', status: 'pending' },
  { content: 'update the README', status: 'pending' },
];
const WORKED = [
  { content: 'read code.ts', status: 'completed' },
  { content: 'write notes.md', status: 'completed' },
  { content: 'run the linter', status: 'pending' },
];
const todoWrite = (todos: unknown) => ({ toolCalls: [{ name: 'todo_write', arguments: { todos } }] });
// The first write after the approval rewords one item in place and leaves one out; the next adds one at the end.
const SCRIPT = [
  todoWrite(APPROVED),
  { text: 'My plan.' },
  todoWrite([WORKED[0], { ...WORKED[1], status: 'in_progress' }]),
  todoWrite(WORKED),
  { text: 'Done.' },
];

/** `plan --format json`'s items as `{ content, status, drift? }` (their evidence and flag are another test's). */
function withDrift(json: string): unknown[] {
  const items: unknown = JSON.parse(json);
  assert.ok(Array.isArray(items), json);
  return items.map((item: { content: string; status: string; drift?: unknown }) => ({
    content: item.content,
    status: item.status,
    ...(item.drift === undefined ? {} : { drift: item.drift }),
  }));
}

describe('plan first drift from the CLI', () => {
  it('plan --format json gives each item its drift; export shows the approved version and what is not in it', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify({ responses: SCRIPT }));
    const run = await cli(dir, [
      'run',
      '--script',
      's.json',
      '--session-dir',
      'logs',
      '--tools',
      'read_file,todo_write',
      '--allow-parallel-in-progress',
      'false',
      '--approve-plan',
      '--reapprove-on-scope-change',
      'off',
      '--json',
      'add notes',
    ]);
    assert.equal(run.code, 0, run.err);
    const { logPath } = JSON.parse(run.out) as { logPath: string };
    const expected = [
      { content: 'read code.ts', status: 'completed' },
      { content: 'write notes.md', status: 'completed', drift: { kind: 'reworded', approved: 'write notes.txt' } },
      { content: 'run the linter', status: 'pending', drift: { kind: 'added' } },
    ];
    for (const read of ['a replay', 'the same again']) {
      const plan = await cli(dir, ['plan', logPath, '--format', 'json']);
      assert.equal(plan.code, 0, plan.err);
      assert.deepEqual(withDrift(plan.out), expected, read);
      const items = z.array(z.record(z.string(), z.unknown())).parse(JSON.parse(plan.out));
      assert.ok(
        items.every((item) => 'flag' in item && 'evidence' in item),
        'each item keeps its evidence and flag beside its drift',
      );
    }
    const planSeq = fs
      .readFileSync(logPath, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { seq?: number; type?: string })
      .find((e) => e.type === 'plan/approved')?.seq;
    assert.ok(planSeq);
    const atApproval = await cli(dir, ['plan', logPath, '--format', 'json', '--at', String(planSeq)]);
    assert.deepEqual(withDrift(atApproval.out), APPROVED, 'as approved: no drift');

    const history = JSON.parse((await cli(dir, ['history', logPath, '--format', 'json'])).out) as {
      drift: unknown[];
    }[];
    assert.deepEqual(history.at(-1)?.drift, [
      { kind: 'reworded', content: 'write notes.md', approved: 'write notes.txt' },
      { kind: 'added', content: 'run the linter' },
      { kind: 'dropped', content: 'update the README' },
    ]);
    assert.deepEqual(history[0]?.drift, [], 'the proposed version, before the approval');

    const md = await cli(dir, ['export', logPath, '--format', 'markdown']);
    assert.equal(md.code, 0, md.err);
    assert.match(
      md.out,
      /## Approved plan \([^)]+\)\n\n- \[ \] read code\.ts\n- \[ \] write notes\.txt\n- \[ \] update the README\n/,
    );
    assert.ok(
      md.out.includes(
        '_Not in the approved plan:_\n\n- write notes.md _(approved as "write notes.txt")_\n- run the linter _(added)_\n- update the README _(dropped)_',
      ),
      md.out,
    );
    const json = JSON.parse((await cli(dir, ['export', logPath, '--format', 'json'])).out);
    assert.deepEqual(json.approvedPlan.todos, APPROVED);
    assert.deepEqual(
      json.drift.map((d: { kind: string }) => d.kind),
      ['reworded', 'added', 'dropped'],
    );
  });
});
