// `agent-checklist import` on the fixtures: the log it writes, re-importing to the
// same path, and files it cannot read (exit 1, a clear message, no log left behind).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { tempDir } from '../support/sessions';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');

async function cli(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd };
  const code = await main(args, io);
  return { code, out, err };
}

describe('agent-checklist import', () => {
  it('writes the log, says what it read and prints the path last; importing a longer file again rewrites the same log, nothing beside it', async () => {
    const dir = tempDir('import-cli-');
    const source = path.join(dir, 'transcript.jsonl');
    const lines = fs
      .readFileSync(path.join(FIXTURES, 'claude-todowrite-resumed.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean);
    // The first run only: up to the line before the resumed prompt (the second string-content user line).
    const resumedAt = lines.findIndex(
      (l, i) => i > 0 && /"type":"user","message":\{"role":"user","content":"finish it"/.test(l),
    );
    assert.ok(resumedAt > 0);
    fs.writeFileSync(
      source,
      lines
        .slice(0, resumedAt)
        .map((l) => `${l}\n`)
        .join(''),
    );
    const first = await cli(dir, 'import', 'transcript.jsonl');
    assert.equal(first.code, 0, first.err.join('\n'));
    assert.match(first.out[0]!, /^imported 2 plan versions from Claude Code 2\.1\.328 session [0-9a-f-]{36}$/);
    const logPath = first.out.at(-1)!;
    assert.equal(path.dirname(logPath), path.join(dir, '.agent-checklist', 'sessions'));

    fs.appendFileSync(
      source,
      lines
        .slice(resumedAt)
        .map((l) => `${l}\n`)
        .join(''),
    );
    const again = await cli(dir, 'import', source);
    assert.equal(again.code, 0, again.err.join('\n'));
    assert.match(again.out[0]!, /^imported 3 plan versions/);
    assert.equal(again.out.at(-1), logPath);
    assert.deepEqual(fs.readdirSync(path.dirname(logPath)), [path.basename(logPath)]);
    const history = await cli(dir, 'history', logPath, '--format', 'json');
    assert.equal(JSON.parse(history.out.join('')).length, 3);
  });

  it('never replaces a log another writer owns at the same path', async () => {
    const dir = tempDir('import-cli-foreign-');
    const source = path.join(FIXTURES, 'codex-update-plan-resumed.jsonl');
    const logPath = (await cli(dir, 'import', source)).out.at(-1)!;
    const foreign = `${JSON.stringify({ type: 'session', version: 1, id: path.basename(logPath, '.jsonl'), createdAt: '2026-12-02T00:00:00.000Z', source: { kind: 'cli' } })}\n`;
    fs.writeFileSync(logPath, foreign);
    const r = await cli(dir, 'import', source);
    assert.equal(r.code, 1);
    assert.match(r.err.join('\n'), /exists and is not an import of this codex session; not replaced/);
    assert.equal(fs.readFileSync(logPath, 'utf8'), foreign);
  });

  it('notes the lines it skipped', async () => {
    const dir = tempDir('import-cli-note-');
    const source = path.join(dir, 'rollout.jsonl');
    fs.writeFileSync(
      source,
      `${fs.readFileSync(path.join(FIXTURES, 'codex-update-plan-resumed.jsonl'), 'utf8')}garbage\n`,
    );
    const r = await cli(dir, 'import', source, '--session-dir', 'logs');
    assert.equal(r.code, 0, r.err.join('\n'));
    assert.ok(r.out.includes('note: skipped 1 line it does not understand'), r.out.join('\n'));
    assert.equal(path.dirname(r.out.at(-1)!), path.join(dir, 'logs'));
  });

  for (const [what, make, message] of [
    ['a missing file', () => 'missing.jsonl', /no such file/],
    ['a folder', (dir: string) => (fs.mkdirSync(path.join(dir, 'folder')), 'folder'), /not a file/],
    [
      'a file no agent wrote',
      (dir: string) => (fs.writeFileSync(path.join(dir, 'other.jsonl'), '{"type":"x"}\nhello\n'), 'other.jsonl'),
      /neither a Claude Code transcript, a Codex rollout nor a Gemini CLI session/,
    ],
  ] as const) {
    it(`refuses ${what}: exit 1, a clear message, no log`, async () => {
      const dir = tempDir('import-cli-bad-');
      const r = await cli(dir, 'import', make(dir), '--session-dir', 'logs');
      assert.equal(r.code, 1);
      assert.match(r.err.join('\n'), /^agent-checklist: cannot import .*: /);
      assert.match(r.err.join('\n'), message);
      assert.equal(r.out.length, 0);
      assert.equal(fs.existsSync(path.join(dir, 'logs')) ? fs.readdirSync(path.join(dir, 'logs')).length : 0, 0);
    });
  }

  it('takes one file and only --session-dir (anything else is a usage error, exit 2)', async () => {
    const dir = tempDir('import-cli-usage-');
    for (const args of [
      ['import'],
      ['import', 'a', 'b'],
      ['import', 'a', '--format', 'json'],
      ['import', 'a', '--yes'],
    ]) {
      const r = await cli(dir, ...args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.err[0]!, /see `agent-checklist import --help`/);
    }
  });
});
