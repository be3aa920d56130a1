// `plan` reads the log's tail, and is honest about it: the lines it reads are
// validated like `check` validates them (same refusals, same message, exit 1), it
// stays linear in the tail's size however long its lines, and what it prints (and
// `export`) cannot drive the terminal or forge a row.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { writeOneTurnLog } from '../support/one-turn-log';
import { writeSessionLog } from '../support/long-session';
import { listed, memorySession, tempDir } from '../support/sessions';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: () => undefined,
  };
}

async function cli(dir: string, args: string[]) {
  const io = capture(dir);
  const code = await main(args, io);
  return { code, out: io.stdout.join('\n'), err: io.stderr.join('\n') };
}

const writeLog = writeOneTurnLog;

describe('plan validates what it reads like check', () => {
  const dir = tempDir('agent-checklist-honest-');
  const file = (name: string) => path.join(dir, name);

  async function sameRefusal(log: string): Promise<string> {
    const checked = await cli(dir, ['check', log]);
    const planned = await cli(dir, ['plan', log]);
    assert.equal(checked.code, 1, checked.err);
    assert.deepEqual(
      { code: planned.code, err: planned.err, out: planned.out },
      { code: 1, err: checked.err, out: '' },
    );
    return planned.err;
  }

  it('a zero-byte file', async () => {
    fs.writeFileSync(file('empty.jsonl'), '');
    assert.equal(
      await sameRefusal(file('empty.jsonl')),
      `invalid: ${file('empty.jsonl')}: line 1: empty log: no session header`,
    );
  });

  it('a duplicated last line', async () => {
    const lines = writeLog(file('dup.jsonl'), [{ content: 'a', status: 'pending' }]);
    fs.appendFileSync(file('dup.jsonl'), `${lines.at(-1)}\n`);
    assert.match(await sameRefusal(file('dup.jsonl')), /line 9: invariant broken: seq 7 does not follow 7$/);
  });

  it('a todo/write that breaks the todo schema, and a line that is not JSON', async () => {
    const lines = writeLog(file('bad.jsonl'), [{ content: 'a', status: 'pending' }]);
    fs.writeFileSync(
      file('bad.jsonl'),
      `${[...lines.slice(0, 6), lines[6]!.replace('"pending"', '"maybe"'), lines[7]].join('\n')}\n`,
    );
    await sameRefusal(file('bad.jsonl'));
    fs.writeFileSync(file('nojson.jsonl'), `${[...lines.slice(0, 6), '{not json', lines[6], lines[7]].join('\n')}\n`);
    assert.match(await sameRefusal(file('nojson.jsonl')), /line 7: not a valid event line/);
  });

  it('a valid log: plan answers, a torn last line is passed over as check passes it over', async () => {
    writeLog(file('ok.jsonl'), [
      { content: 'read', status: 'completed' },
      { content: 'fix', status: 'in_progress' },
    ]);
    fs.appendFileSync(file('ok.jsonl'), '{"seq":8,"ts":"2026');
    assert.equal((await cli(dir, ['check', file('ok.jsonl')])).code, 0);
    assert.deepEqual(await cli(dir, ['plan', file('ok.jsonl')]), {
      code: 0,
      out: '1 completed · 1 in progress\n[x] read\n[~] fix',
      err: '',
    });
  });
});

describe('plan on long tail lines', () => {
  for (const mb of [16, 64]) {
    it(`a ${mb} MB last line: linear time (was ${mb === 16 ? '4.3' : '66'} s), the same answer as check`, async () => {
      const dir = tempDir('agent-checklist-long-');
      const log = path.join(dir, 'long.jsonl');
      writeLog(log, [{ content: 'long', status: 'in_progress' }], mb * 1024 * 1024);
      const start = Date.now();
      const planned = await cli(dir, ['plan', log, '--format', 'json']);
      const ms = Date.now() - start;
      console.log(`# plan with a ${mb} MB last line: ${ms} ms`);
      assert.deepEqual(
        { ...planned, out: listed(planned.out) },
        { code: 0, out: [{ content: 'long', status: 'in_progress' }], err: '' },
      );
      assert.equal((await cli(dir, ['check', log])).code, 0);
      assert.ok(ms < 15_000, `plan took ${ms} ms`);
    });
  }
});

describe('text output cannot drive the terminal or forge a row', () => {
  it('plan (text, markdown) and export escape control characters and newlines in todo content', async () => {
    const dir = tempDir('agent-checklist-escape-');
    const log = path.join(dir, 'evil.jsonl');
    const evil = 'fix\u001b]0;pwned\u0007\u001b[2J it\n[x] forged row\u202e';
    writeLog(log, [{ content: evil, status: 'pending' }]);
    const shown = 'fix\\e]0;pwned\\u0007\\e[2J it\\n[x] forged row\\u202e';
    const text = await cli(dir, ['plan', log]);
    assert.deepEqual(text, { code: 0, out: `1 pending\n[ ] ${shown}`, err: '' });
    const markdown = await cli(dir, ['plan', log, '--format', 'markdown']);
    assert.equal(markdown.out, `- [ ] ${shown}`);
    const exported = await cli(dir, ['export', log]);
    assert.equal(exported.code, 0);
    assert.doesNotMatch(exported.out, /[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
    const forged = exported.out.split('\n').filter((l) => l.includes('forged'));
    assert.equal(
      forged.length,
      4,
      "the item is one line, in the standing plan, its evidence, the history's change and its list",
    );
    for (const line of forged) assert.ok(line.includes('pwned'), `the content was not split: ${line}`);
    assert.equal(
      JSON.parse((await cli(dir, ['plan', log, '--format', 'json'])).out)[0].content,
      evil,
      'JSON keeps the exact text',
    );
  });
});

describe('a refusal that quotes the damaged line', () => {
  it('shows its terminal controls instead of sending them (a file name a model made, too)', async () => {
    const dir = tempDir();
    const logPath = path.join(dir, 'dam\u001b[2K\raged.jsonl');
    const [header] = writeSessionLog(logPath, memorySession('esc'));
    fs.writeFileSync(
      logPath,
      `${header}\n{"seq":1,"ts":"2026-01-01T00:00:00.000Z","type":"\u001b[2K\rturn/start","data":{"turn":1}}\n`,
    );
    const err: string[] = [];
    const code = await main(['check', logPath], {
      out: () => undefined,
      err: (l) => err.push(l),
      write: () => undefined,
      env: {},
      cwd: dir,
    });
    assert.equal(code, 1);
    assert.equal(err.length, 1);
    assert.doesNotMatch(err[0] ?? '', /[\u001b\r]/, 'no raw ESC or CR reaches the terminal');
    assert.match(err[0] ?? '', /^invalid: .*line 2/);
  });
});
