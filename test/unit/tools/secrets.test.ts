// Secrets stay out: bash's environment lacks the provider's key and every
// secret-looking variable, and any tool output holding a secret value is redacted
// before it is logged or sent — through the tool set the hosts build, and the CLI.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { REDACTED, toolEnvironment } from '../../../extension/src/core/tools/tool-env';
import { tempDir } from '../support/sessions';
import { autoApprovals, ctx, tempWorkspace } from './support';

const KEY = 'sk-test-PROVIDER-KEY-0123456789';
const SECRETS = {
  OPENAI_API_KEY: KEY,
  GITHUB_TOKEN: 'ghp_github-token-value-42',
  db_password: 'hunter2-but-longer',
  AWS_SECRET_ACCESS_KEY: 'aws-secret-value-xyz',
};
const BASE_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: '/nonexistent',
  PLAIN: 'plain-value',
  KEEP_ME_TOKEN: 'kept-token-value-1',
  ...SECRETS,
};

describe('the environment tools get', () => {
  it('drops the key variable and every name with KEY, TOKEN, SECRET or PASSWORD (any case), except those kept', () => {
    const { env, droppedNames } = toolEnvironment(BASE_ENV, {
      keyVariable: 'OPENAI_API_KEY',
      keep: ['KEEP_ME_TOKEN', 'OPENAI_API_KEY'],
    });
    assert.deepEqual(Object.keys(env).sort(), ['HOME', 'KEEP_ME_TOKEN', 'PATH', 'PLAIN']);
    assert.deepEqual(droppedNames.sort(), ['AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'OPENAI_API_KEY', 'db_password']);
  });
});

describe('bash and the file tools show no secret', () => {
  const ws = tempWorkspace();
  const { registry } = buildToolRegistry({
    tools: ['bash', 'read_file', 'grep'],
    cwd: ws.root,
    approvals: autoApprovals(),
    trusted: true,
    environment: { base: BASE_ENV, keyVariable: 'OPENAI_API_KEY', keep: ['KEEP_ME_TOKEN'] },
    secrets: [KEY],
  });
  const bash = async (command: string) => (await registry.execute('bash', JSON.stringify({ command }), ctx())).content;
  const leaks = (text: string): string[] => Object.values(SECRETS).filter((v) => text.includes(v));

  it('echo $OPENAI_API_KEY, env and /proc/self/environ', async () => {
    const echoed = await bash('echo "key=$OPENAI_API_KEY token=$GITHUB_TOKEN kept=$KEEP_ME_TOKEN"');
    assert.equal(echoed, 'key= token= kept=kept-token-value-1\n[exit code: 0]');
    const env = await bash('env');
    assert.deepEqual(leaks(env), []);
    assert.match(env, /^PLAIN=plain-value$/m);
    assert.doesNotMatch(env, /OPENAI_API_KEY|GITHUB_TOKEN|db_password|AWS_SECRET/);
    const environ = await bash("cat /proc/self/environ | tr '\\0' '\\n'");
    assert.deepEqual(leaks(environ), []);
    assert.match(environ, /^PLAIN=plain-value$/m);
  });

  it('redacts a secret value that reaches the output another way (a file holding the key)', async () => {
    ws.file('.env', `OPENAI_API_KEY=${KEY}\nGITHUB_TOKEN=${SECRETS.GITHUB_TOKEN}\n`);
    assert.equal(await bash('cat .env'), `OPENAI_API_KEY=${REDACTED}\nGITHUB_TOKEN=${REDACTED}\n[exit code: 0]`);
    const read = await registry.execute('read_file', JSON.stringify({ path: '.env' }), ctx());
    assert.equal(read.content, `1\tOPENAI_API_KEY=${REDACTED}\n2\tGITHUB_TOKEN=${REDACTED}`);
    // .env is hidden: a folder search leaves it out unless asked (includeIgnored) or named.
    const found = await registry.execute('grep', JSON.stringify({ pattern: 'OPENAI', includeIgnored: true }), ctx());
    assert.equal(found.content, `.env:1: OPENAI_API_KEY=${REDACTED}`);
    // grep matches the redacted text: a pattern cannot probe a secret's value.
    assert.match(
      (await registry.execute('grep', JSON.stringify({ pattern: 'sk-test' }), ctx())).content,
      /^No matches/,
    );
  });
});

describe('the CLI keeps secrets out of the session log', () => {
  it('bash `env` in a run: no secret value in any logged result; --keep-env keeps a variable', async () => {
    const dir = tempDir('agent-checklist-secrets-');
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const script = path.join(dir, 'script.json');
    const command = 'env; echo "key=$OPENAI_API_KEY"; cat /proc/self/environ | tr "\\0" "\\n"';
    fs.writeFileSync(
      script,
      JSON.stringify({
        responses: [{ toolCalls: [{ id: 'b1', name: 'bash', arguments: { command } }] }, { text: 'done' }],
      }),
    );
    const stdout: string[] = [];
    const io: CliIo = {
      out: (l) => stdout.push(l),
      err: () => undefined,
      write: () => undefined,
      env: BASE_ENV,
      cwd: dir,
    };
    const code = await main(
      [
        'run',
        '--script',
        script,
        '--tools',
        'bash',
        '--cwd',
        ws,
        '--yes',
        '--json',
        '--keep-env',
        'KEEP_ME_TOKEN',
        'go',
      ],
      io,
    );
    assert.equal(code, 0);
    const { logPath } = JSON.parse(stdout.join('')) as { logPath: string };
    const logged = fs.readFileSync(logPath, 'utf8');
    assert.deepEqual(
      Object.values(SECRETS).filter((v) => logged.includes(v)),
      [],
    );
    const result = loadLogFile(logPath).events.find((e) => e.type === 'tool/result');
    assert.ok(result?.type === 'tool/result');
    assert.match(result.data.content, /^KEEP_ME_TOKEN=kept-token-value-1$/m);
    assert.match(result.data.content, /^key=$/m);
  });
});
