// `run --session <id> --item <n>` of a session the REAL codex-acp (a devDependency) ran
// continues with that session's own agent over ACP, offline against the loopback
// Responses API server this test owns: no --agent is given, Codex is found as the
// built-in entry its session's source names. The item goes in progress by one user
// edit and Codex's next model request carries the Start This Item prompt; the log
// stays the session's (source "Codex (ACP)"). With Codex no longer installed the run
// is refused naming it, and a session of an agent no entry names (the scripted ACP
// agent, started with --agent-command) is refused naming that agent: exit 1, the log
// unchanged either way.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { startItemPrompt } from '../../../extension/src/core/plan/plan-work';
import { sourceLabel } from '../../../extension/src/core/session/source';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { codexHome } from '../import/agent-runs';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { scriptedLaunch } from './scripted-agent-session';
import { BIN, runCli, runPlace } from './real-agent-cli';

const steps = (...items: [string, string][]) => items.map(([step, status]) => ({ step, status }));
const PLANNED = [
  { content: 'Read the code', status: 'in_progress' },
  { content: 'Fix the bug', status: 'pending' },
  { content: 'Add a test', status: 'pending' },
] as const;

const inJson = (text: string): string => JSON.stringify(text).slice(1, -1);

/** `agent-checklist <args>` with `env`, in `cwd`: its exit code and stderr (stdout unread). */
async function cliRun(args: string[], env: Record<string, string>, cwd: string) {
  const err: string[] = [];
  const io: CliIo = { out: () => undefined, err: (l) => err.push(l), write: () => undefined, env, cwd };
  return { code: await main(args, io), stderr: err.join('\n') };
}

describe("run --session <id> --item <n> continues with the session's own ACP agent", () => {
  it('a Codex session: Codex (found as the built-in its source names) starts the item; no longer installed: refused naming it', async () => {
    const dir = tempDir('acp-codex-item-');
    const { ws, server } = await runPlace(dir, [
      { tool: 'update_plan', input: { plan: steps(...PLANNED.map((t): [string, string] => [t.content, t.status])) } },
      { text: 'Planned.' },
      { text: 'On it.' },
    ]);
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      CODEX_HOME: codexHome(path.join(dir, 'codex'), server, { model: '"gpt-5.4"' }),
      LOOPBACK_KEY: 'test',
    };
    const sessions = ['--json', '--session-dir', path.join(dir, 'sessions')];
    const planned = await runCli(['run', '--agent', 'codex', ...sessions, 'Plan the work.'], env, ws);
    assert.equal(planned.code, 0, planned.stderr);
    const { sessionId, logPath } = planned.json;
    const asked = server.requests.length;

    const started = await runCli(['run', '--session', sessionId, '--item', '3', ...sessions], env, ws);
    assert.equal(started.code, 0, started.stderr);
    assert.equal(started.json.logPath, logPath);
    assert.equal(started.json.finalText, 'On it.');
    const log = loadLogFile(logPath);
    assert.deepEqual(sourceLabel(log.header.source, 'cli'), { kind: 'acp', agent: 'Codex' });
    const plan = PLANNED.map((t, i) => ({ content: t.content, status: i === 2 ? 'in_progress' : t.status }));
    const edits = log.events.flatMap((e) => (e.type === 'todo/user-edit' ? [e.data.todos] : []));
    assert.deepEqual(edits, [plan]);
    const request = server.requests[asked];
    assert.ok(request !== undefined, 'Codex asked its model again');
    assert.ok(request.includes(inJson(startItemPrompt(plan as never, 2))), request.slice(0, 3000));
    assert.deepEqual(processesIn(dir), []);

    const before = fs.readFileSync(logPath, 'utf8');
    const noCodex = await cliRun(['run', '--session', sessionId, '--item', '2', ...sessions], { ...env, PATH: '' }, ws);
    assert.equal(noCodex.code, 1);
    assert.match(noCodex.stderr, /^agent-checklist: Codex is not installed: codex-acp was not found on PATH/);
    assert.equal(fs.readFileSync(logPath, 'utf8'), before, 'the log unchanged');
  });

  it('a session of an agent no entry names: refused naming it, the log unchanged', async () => {
    const dir = tempDir('acp-gone-item-');
    const agentCommand = [scriptedLaunch.command, ...scriptedLaunch.args].map((w) => JSON.stringify(w)).join(' ');
    const env = { PATH: process.env.PATH ?? '' };
    const script = JSON.stringify([{ plan: [{ content: 'Only item', status: 'pending' }] }]);
    const sessions = ['--json', '--session-dir', 'sessions'];
    const first = await runCli(['run', '--agent-command', agentCommand, ...sessions, script], env, dir);
    assert.equal(first.code, 0, first.stderr);
    const before = fs.readFileSync(first.json.logPath, 'utf8');
    const r = await cliRun(['run', '--session', first.json.sessionId, '--item', '1', ...sessions], env, dir);
    assert.deepEqual(r, {
      code: 1,
      stderr: `agent-checklist: session ${first.json.sessionId} was run by scripted-agent (ACP), which is no longer configured here: name its command with --agent-command "<command line>"`,
    });
    assert.equal(fs.readFileSync(first.json.logPath, 'utf8'), before);
  });
});
