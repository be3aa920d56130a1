// A tool defined only under test/ (test/fixtures/stamp-tool.ts) and registered in
// the process's catalog, as a program embedding the CLI would: `--help` lists it
// under --tools and among the tools that ask, `run --tools stamp` offers it to the
// model, asks with its card, logs its details, its row is its presenter's, and once
// withdrawn it is an unknown tool again.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import type { Disposable } from '../../../extension/src/core/disposable';
import { TranscriptFolder } from '../../../extension/src/core/presenters/transcript-folder';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { toolCatalog } from '../../../extension/src/core/tools/built-in';
import { stampTool } from '../../fixtures/stamp-tool';
import { tempDir } from '../support/sessions';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: (t: string) => io.stdout.push(t),
  };
}

function scriptIn(dir: string): string {
  const file = path.join(dir, 'script.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      responses: [{ toolCalls: [{ id: 's1', name: 'stamp', arguments: { label: 'hello' } }] }, { text: 'Stamped.' }],
    }),
  );
  return file;
}

async function run(
  dir: string,
  flags: string[],
  ask?: (question: string) => Promise<string>,
): Promise<{ code: number; io: ReturnType<typeof capture> }> {
  const io = capture(dir);
  const code = await main(
    ['run', '--script', scriptIn(dir), '--session-dir', 'sessions', '--json', ...flags, 'stamp it'],
    io,
    new AbortController().signal,
    ask ? { ask } : {},
  );
  return { code, io };
}

const logPathOf = (io: { stdout: string[] }): string => {
  const parsed: unknown = JSON.parse(io.stdout.join(''));
  assert.ok(typeof parsed === 'object' && parsed !== null && 'logPath' in parsed && typeof parsed.logPath === 'string');
  return parsed.logPath;
};

describe('a tool registered through the descriptor API, in the CLI', () => {
  let registration: Disposable;
  before(() => (registration = toolCatalog.register(stampTool)));
  after(() => registration.dispose());

  it('--help lists it under --tools and among the tools that need approval', async () => {
    const io = capture(tempDir('agent-checklist-stamp-'));
    assert.equal(await main(['--help'], io), 0);
    const text = io.stdout.join('\n');
    assert.match(text, /--tools <list> [\s\S]*grep, subagent, stamp\n/);
    assert.match(text, /Approvals: bash, write_file, edit_file and stamp need the user's approval/);
  });

  it("run --tools stamp: the model calls it, the user is asked with its card, the log has its details and the row is its presenter's", async () => {
    const dir = tempDir('agent-checklist-stamp-');
    const questions: string[] = [];
    const { code, io } = await run(dir, ['--tools', 'stamp'], async (question) => {
      questions.push(question);
      return 'y';
    });
    assert.equal(code, 0, io.stderr.join('\n'));
    assert.deepEqual(questions, [
      '\nAllow stamp?\nStamp the label "hello" in capitals\n[y]es / [a]lways in this session / [N]o: ',
    ]);
    const events = loadLogFile(logPathOf(io)).events;
    const result = events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));
    assert.deepEqual(
      result.map((r) => [r.callId, r.content, r.details]),
      [['s1', 'Stamped: HELLO', { tool: 'stamp', stamped: 'HELLO' }]],
    );
    const folder = new TranscriptFolder();
    // The row as last upserted: after the result.
    const row = events
      .flatMap((e) => folder.apply(e))
      .filter((item) => item.kind === 'tool')
      .at(-1);
    assert.deepEqual(row?.kind === 'tool' ? [row.name, row.summary, row.view] : null, [
      'stamp',
      'stamp hello',
      { kind: 'generic', input: '{"label":"hello"}', result: '[HELLO]' },
    ]);
  });

  it('without a terminal or --yes it is refused like any tool that asks, and not run', async () => {
    const dir = tempDir('agent-checklist-stamp-');
    const { code, io } = await run(dir, ['--tools', 'stamp']);
    assert.equal(code, 0, io.stderr.join('\n'));
    const result = loadLogFile(logPathOf(io)).events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));
    assert.equal(result[0]?.isError, true);
    assert.match(result[0]?.content ?? '', /this stamp call needs the user's approval and no one can be asked here/);
  });

  it('withdrawn, it is an unknown tool again (a usage error naming the tools there are)', async () => {
    registration.dispose();
    try {
      const { code, io } = await run(tempDir('agent-checklist-stamp-'), ['--tools', 'stamp']);
      assert.equal(code, 2);
      assert.match(io.stderr.join('\n'), /unknown tool "stamp"; built-in tools: todo_write, bash/);
    } finally {
      registration = toolCatalog.register(stampTool);
    }
  });
});
