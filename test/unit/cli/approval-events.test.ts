// Approval decisions are events on the log: a real run with the scripted model logs
// who decided each call (auto-approve, no one to ask), between its tool/call and its
// tool/result; `check` accepts the log and the model never sees the event.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { deriveMessages } from '../../../extension/src/core/agent/derive-messages';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

async function runWrite(dir: string, extra: string[]): Promise<{ code: number; logPath: string; stderr: string }> {
  const scriptFile = path.join(dir, 'script.json');
  fs.writeFileSync(
    scriptFile,
    JSON.stringify({
      responses: [
        { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'note.txt', content: 'hi\n' } }] },
        { text: 'Done.' },
      ],
    }),
  );
  const io = capture(dir);
  const code = await main(
    ['run', '--script', scriptFile, '--session-dir', 's', '--tools', 'write_file', '--json', ...extra, 'write it'],
    io,
  );
  return { code, logPath: JSON.parse(io.stdout.join('')).logPath, stderr: io.stderr.join('\n') };
}

function typesOf(logPath: string): string[] {
  return loadLogFile(logPath).events.map((e) => e.type);
}

describe('tool/approval on the log', () => {
  it('--yes logs an auto-approval between the tool/call and its tool/result', async () => {
    const dir = tempDir();
    const { code, logPath, stderr } = await runWrite(dir, ['--yes']);
    assert.equal(code, 0, stderr);
    const loaded = loadLogFile(logPath);
    const approval = loaded.events.find((e) => e.type === 'tool/approval');
    assert.deepEqual(approval?.data, {
      turn: 1,
      step: 1,
      callId: 'w1',
      tool: 'write_file',
      decision: 'approve',
      by: 'auto',
    });
    const types = typesOf(logPath);
    assert.deepEqual(types.slice(types.indexOf('tool/call'), types.indexOf('tool/result') + 1), [
      'tool/call',
      'tool/approval',
      'tool/result',
    ]);
    assert.equal(fs.readFileSync(path.join(dir, 'note.txt'), 'utf8'), 'hi\n');
    const check = capture(dir);
    assert.equal(await main(['check', logPath], check), 0, check.stderr.join('\n'));
  });

  it('without --yes and no one to ask, logs a refusal by no one, and the call does not run', async () => {
    const dir = tempDir();
    const { logPath } = await runWrite(dir, []);
    const approval = loadLogFile(logPath).events.find((e) => e.type === 'tool/approval');
    assert.deepEqual(approval?.data, {
      turn: 1,
      step: 1,
      callId: 'w1',
      tool: 'write_file',
      decision: 'refused',
      by: 'none',
    });
    assert.equal(fs.existsSync(path.join(dir, 'note.txt')), false);
  });

  it('export lists each decision: who let which call run', async () => {
    const dir = tempDir();
    const { logPath } = await runWrite(dir, ['--yes']);
    const io = capture(dir);
    assert.equal(await main(['export', logPath], io), 0, io.stderr.join('\n'));
    const doc = io.stdout.join('\n');
    assert.match(
      doc,
      /## Approvals\n\n\| Time \| Turn \| Call \| Decision \|\n\|---\|---\|---\|---\|\n\| \S+ \| 1 \| write_file `w1` \| auto-approved \|/,
    );
  });

  it('never reaches the model: the messages are the same without it', async () => {
    const dir = tempDir();
    const { logPath } = await runWrite(dir, ['--yes']);
    const events = loadLogFile(logPath).events;
    assert.ok(events.some((e) => e.type === 'tool/approval'));
    assert.deepEqual(deriveMessages(events), deriveMessages(events.filter((e) => e.type !== 'tool/approval')));
  });
});
