// Every usage error exits 2 with ONE line: what is wrong and where to read more
// (`agent-checklist run --help`), never the whole usage text.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { tempDir } from '../support/sessions';

async function cli(dir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd: dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('usage errors', () => {
  const dir = tempDir('agent-checklist-usage-');
  fs.writeFileSync(path.join(dir, 'bad.json'), '{ "responses": [ oops');
  fs.writeFileSync(path.join(dir, 'wrong.json'), JSON.stringify({ responses: 'nope' }));
  fs.writeFileSync(path.join(dir, 'ok.json'), JSON.stringify({ responses: [{ text: 'hi' }] }));
  fs.writeFileSync(path.join(dir, 'a-file'), '');
  const cases: { name: string; args: string[]; says: RegExp; hint: string }[] = [
    {
      name: 'a missing script file',
      args: ['run', '--allow-parallel-in-progress', 'true', '--script', 'missing.json', 'go'],
      says: /^agent-checklist: --script: .*missing\.json: cannot read the scripted model file/,
      hint: 'run',
    },
    {
      name: 'a script file that is not JSON',
      args: ['run', '--allow-parallel-in-progress', 'true', '--script', 'bad.json', 'go'],
      says: /^agent-checklist: --script: .*bad\.json: cannot read the scripted model file/,
      hint: 'run',
    },
    {
      name: 'a script file of the wrong shape',
      args: ['run', '--allow-parallel-in-progress', 'true', '--script', 'wrong.json', 'go'],
      says: /^agent-checklist: --script: /,
      hint: 'run',
    },
    {
      name: '--session ../x',
      args: ['run', '--allow-parallel-in-progress', 'true', '--script', 'ok.json', '--session', '../x', 'go'],
      says: /^agent-checklist: --session takes a session id/,
      hint: 'run',
    },
    {
      name: 'a --session-dir that is a file',
      args: ['run', '--allow-parallel-in-progress', 'true', '--script', 'ok.json', '--session-dir', 'a-file', 'go'],
      says: /^agent-checklist: --session-dir "a-file" is not a folder/,
      hint: 'run',
    },
    {
      name: 'an unknown flag',
      args: ['run', '--nope', 'go'],
      says: /^agent-checklist: Unknown option '--nope'/,
      hint: 'run',
    },
    {
      name: 'a bad --format',
      args: ['plan', 'x.jsonl', '--format', 'yaml'],
      says: /^agent-checklist: --format must be/,
      hint: 'plan',
    },
    { name: 'an unknown command', args: ['nope'], says: /^agent-checklist: unknown command "nope"/, hint: '' },
    { name: 'no command', args: [], says: /^agent-checklist: no command given/, hint: '' },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 2, one line with the hint`, async () => {
      const r = await cli(dir, c.args);
      assert.equal(r.code, 2, r.err);
      assert.equal(r.err.split('\n').length, 1, r.err);
      assert.match(r.err, c.says);
      assert.ok(r.err.endsWith(`(see \`agent-checklist ${c.hint ? `${c.hint} ` : ''}--help\`)`), r.err);
      assert.doesNotMatch(r.err, /Usage:/);
      assert.equal(r.out, '');
    });
  }

  it('--help still prints the usage, exit 0', async () => {
    const r = await cli(dir, ['run', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.out, /^agent-checklist — /);
  });
});

describe('flags a command does not take, and empty or wrong values', () => {
  const dir = tempDir('agent-checklist-misuse-');
  fs.writeFileSync(path.join(dir, 'a-file'), '');
  const cases: { name: string; args: string[]; says: RegExp; hint: string }[] = [
    {
      name: 'check --format',
      args: ['check', 'x.jsonl', '--format', 'json'],
      says: /^agent-checklist: check does not take --format /,
      hint: 'check',
    },
    {
      name: 'plan --yes (short -y)',
      args: ['plan', 'x.jsonl', '-y'],
      says: /^agent-checklist: plan does not take -y /,
      hint: 'plan',
    },
    {
      name: 'history --at',
      args: ['history', 'x.jsonl', '--at', '3'],
      says: /^agent-checklist: history does not take --at /,
      hint: 'history',
    },
    {
      name: 'edit --format',
      args: ['edit', 'x.jsonl', '--add', 'a', '--format', 'json'],
      says: /^agent-checklist: edit does not take --format /,
      hint: 'edit',
    },
    {
      name: 'mcp --yes',
      args: ['mcp', '--allow-parallel-in-progress', 'true', '--yes'],
      says: /^agent-checklist: mcp does not take --yes /,
      hint: 'mcp',
    },
    {
      name: 'export --json',
      args: ['export', 'x.jsonl', '--json'],
      says: /^agent-checklist: export does not take --json /,
      hint: 'export',
    },
    {
      name: "edit --add ''",
      args: ['edit', 'x.jsonl', '--add', ''],
      says: /^agent-checklist: --add needs the text/,
      hint: 'edit',
    },
    {
      name: "edit --add '  '",
      args: ['edit', 'x.jsonl', '--add', '  '],
      says: /^agent-checklist: --add needs the text/,
      hint: 'edit',
    },
    {
      name: 'mcp --session-dir <a file>',
      args: ['mcp', '--allow-parallel-in-progress', 'true', '--session-dir', 'a-file'],
      says: /^agent-checklist: --session-dir "a-file" is not a folder/,
      hint: 'mcp',
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 2, one line naming it`, async () => {
      const r = await cli(dir, c.args);
      assert.equal(r.code, 2, r.err);
      assert.equal(r.err.split('\n').length, 1, r.err);
      assert.match(r.err, c.says);
      assert.ok(r.err.endsWith(`(see \`agent-checklist ${c.hint} --help\`)`), r.err);
      assert.equal(r.out, '');
    });
  }

  it('--help is taken by every command', async () => {
    for (const command of ['plan', 'history', 'edit', 'check', 'export', 'run', 'mcp']) {
      const r = await cli(dir, [command, '--help']);
      assert.equal(r.code, 0, `${command}: ${r.err}`);
    }
  });
});

describe('--version', () => {
  const dir = tempDir('agent-checklist-version-');
  it('prints the version alone and exits 0; a command does not take it', async () => {
    const printed = await cli(dir, ['--version']);
    assert.equal(printed.code, 0);
    assert.match(printed.out, /^\d+\.\d+\.\d+$/);
    const refused = await cli(dir, ['plan', '--version']);
    assert.equal(refused.code, 2);
    assert.match(refused.err, /plan does not take --version/);
  });
});
