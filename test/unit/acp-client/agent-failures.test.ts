// Agents that cannot serve: a command not installed starts nothing (no log either);
// an agent that exits before answering initialize, or never answers it, ends the
// turn `error` with the tail of its stderr, on a log that names it; and a permission
// decision becomes the agent's own option.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { AcpAgentSession } from '../../../extension/src/core/acp-client/acp-agent-session';
import { acpPermissionResponse } from '../../../extension/src/core/acp-client/acp-permission-answer';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';

function io(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIo = {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    write: () => undefined,
    env: { PATH: process.env.PATH },
    cwd,
  };
  return { cli, out, err };
}

describe('ACP agents that fail', () => {
  it('a built-in agent not on PATH: the install hint, exit 1, no session log', async () => {
    const dir = tempDir();
    const { cli, err } = io(dir);
    cli.env = { PATH: dir };
    const code = await main(['run', '--agent', 'gemini', '--session-dir', 'sessions', 'hi'], cli);
    assert.equal(code, 1);
    assert.match(
      err.join('\n'),
      /Gemini CLI is not installed: gemini was not found on PATH\. Install it with `npm install -g @google\/gemini-cli`/,
    );
    assert.equal(fs.existsSync(path.join(dir, 'sessions')), false);
  });

  it('--agent and --agent-command together, or an unclosed quote, are usage errors', async () => {
    const dir = tempDir();
    assert.equal(await main(['run', '--agent', 'codex', '--agent-command', 'x', 'hi'], io(dir).cli), 2);
    const bad = io(dir);
    assert.equal(await main(['run', '--agent-command', `node 'open`, 'hi'], bad.cli), 2);
    assert.match(bad.err.join('\n'), /unclosed '/);
  });

  it('an agent that exits before initialize: the turn ends error with its stderr, on a log naming the agent', async () => {
    const dir = tempDir();
    const { cli, out } = io(dir);
    const code = await main(
      [
        'run',
        '--agent-command',
        `node -e "process.stderr.write('no key configured'); process.exit(3)"`,
        '--json',
        '--session-dir',
        'sessions',
        'hi',
      ],
      cli,
    );
    assert.equal(code, 1);
    const json = JSON.parse(out[0]!) as { turnEnd: { kind: string; message: string }; logPath: string };
    assert.equal(json.turnEnd.kind, 'error');
    assert.match(json.turnEnd.message, /exited with code 3/);
    assert.match(json.turnEnd.message, /no key configured/);
    const log = loadLogFile(json.logPath);
    assert.deepEqual(log.header.source, { kind: 'acp', name: 'node', version: 'unknown', title: 'node' });
    assert.deepEqual(
      log.events.map((e) => e.type),
      ['turn/start', 'user/message', 'turn/end'],
    );
  });

  it('an agent that never answers initialize: error at the limit, with all it wrote on stderr, and the process ended', async () => {
    const dir = tempDir();
    const store = new SessionStore(path.join(dir, 'sessions'));
    const listening = path.join(dir, 'listening');
    // The limit is reached when the test says so: after the agent has written to stderr, however slow the machine.
    const limit = new AbortController();
    const opening = AcpAgentSession.open({
      launch: {
        id: 'mute',
        title: 'Mute',
        command: process.execPath,
        args: [
          '-e',
          `process.stderr.write('listening'); require('fs').writeFileSync(${JSON.stringify(listening)}, ''); setInterval(() => {}, 1000)`,
        ],
        env: {},
      },
      cwd: dir,
      env: { PATH: process.env.PATH },
      clientVersion: '0.0.0',
      openLog: (source) => store.create({ cwd: dir, source }),
      approvals: { gate: null, autoApprove: false },
      initializeLimit: limit.signal,
    });
    while (!fs.existsSync(listening)) await new Promise((resolve) => setTimeout(resolve, 20));
    limit.abort('the test’s limit');
    const session = await opening;
    const end = await session.prompt('hi', new AbortController().signal);
    await session.close();
    assert.equal(end.kind, 'error');
    assert.ok(end.kind === 'error');
    assert.equal(end.message, 'Mute did not answer initialize within the test’s limit; its stderr ends:\nlistening');
    assert.deepEqual(processesIn(dir), []);
  });
});

describe('acpPermissionResponse', () => {
  const options = [
    { optionId: 'always', name: 'Always Allow', kind: 'allow_always' as const },
    { optionId: 'once', name: 'Allow', kind: 'allow_once' as const },
    { optionId: 'no', name: 'Reject', kind: 'reject_once' as const },
  ];
  const chosen = (decision: Parameters<typeof acpPermissionResponse>[0]['decision'], opts = options) =>
    acpPermissionResponse({ decision, by: 'user' }, opts).outcome;
  it('maps each decision onto the agent’s own options', () => {
    assert.deepEqual(chosen('approve'), { outcome: 'selected', optionId: 'once' });
    assert.deepEqual(chosen('approve-always'), { outcome: 'selected', optionId: 'always' });
    assert.deepEqual(chosen('deny'), { outcome: 'selected', optionId: 'no' });
    assert.deepEqual(chosen('refused'), { outcome: 'selected', optionId: 'no' });
    assert.deepEqual(chosen('stopped'), { outcome: 'cancelled' });
  });
  it('falls back within allow or reject, never across', () => {
    assert.deepEqual(chosen('approve', [options[0]!]), { outcome: 'selected', optionId: 'always' });
    assert.deepEqual(chosen('approve-always', [options[1]!, options[2]!]), { outcome: 'selected', optionId: 'once' });
    assert.deepEqual(chosen('deny', [options[0]!, options[1]!]), { outcome: 'cancelled' });
    assert.deepEqual(chosen('approve', [options[2]!]), { outcome: 'cancelled' });
  });
});
