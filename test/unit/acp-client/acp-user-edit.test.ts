// The user's edit of an ACP agent's plan: told once, before the next prompt, unless
// the agent wrote a plan after it. Pure over the log, then with the real
// claude-agent-acp: the note reaches the agent (its own transcript holds it) once.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { AcpAgentSession } from '../../../extension/src/core/acp-client/acp-agent-session';
import { acpUserEditNote, untoldUserEdit } from '../../../extension/src/core/acp-client/acp-user-edit';
import { resolveAcpAgent } from '../../../extension/src/core/acp-client/agent-catalog';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { claudeTranscript, ScriptedModelServer } from '../import/agent-runs';
import { memorySession, tempDir, todo } from '../support/sessions';
import { waitFor } from '../tools/support';

/** Claude Code's transcript under `dir`'s config folder, '' until it has one. */
function transcriptOf(dir: string): string {
  try {
    return fs.readFileSync(claudeTranscript(path.join(dir, 'claude')), 'utf8');
  } catch {
    return '';
  }
}

describe('untoldUserEdit', () => {
  it('the last edit after the agent’s last plan, once', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    s.append('todo/write', { todos: [todo('A')] });
    s.append('turn/end', { turn: 1, reason: { kind: 'completed' } });
    assert.equal(untoldUserEdit(s.events, 0), null);
    s.append('todo/user-edit', { todos: [todo('A', 'completed')] });
    s.append('todo/user-edit', { todos: [todo('A', 'completed'), todo('B')] });
    const edit = untoldUserEdit(s.events, 0);
    assert.deepEqual(edit, { seq: s.lastSeq, todos: [todo('A', 'completed'), todo('B')] });
    assert.equal(untoldUserEdit(s.events, edit!.seq), null);
    s.append('turn/start', { turn: 2 });
    s.append('todo/write', { todos: [todo('C')] });
    assert.equal(untoldUserEdit(s.events, 0), null);
  });

  it('says the whole list', () => {
    assert.equal(
      acpUserEditNote([todo('A', 'completed'), todo('B')]),
      'The user edited your plan. It is now:\n- [completed] A\n- [pending] B\nContinue from this list: your next plan update starts from it.',
    );
    assert.equal(acpUserEditNote([]), 'The user edited your plan. It is now empty.');
  });
});

describe('a user edit reaches the real claude-agent-acp', () => {
  it('the next prompt starts with the note; the one after does not repeat it', async () => {
    const dir = tempDir('acp-edit-');
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const server = await ScriptedModelServer.start();
    after(() => server.close());
    server.script(
      { tool: 'TodoWrite', input: { todos: [{ content: 'A', status: 'in_progress', activeForm: 'A' }] } },
      { text: 'One.' },
      { text: 'Two.' },
      { text: 'Three.' },
    );
    const env = {
      PATH: `${path.resolve(__dirname, '../../../node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      CLAUDE_CONFIG_DIR: path.join(dir, 'claude'),
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: 'test',
      IS_SANDBOX: '1',
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
    };
    const resolved = resolveAcpAgent('claude-code', {}, env, ws);
    assert.ok(resolved.ok);
    const store = new SessionStore(path.join(dir, 'sessions'));
    const session = await AcpAgentSession.open({
      launch: resolved.launch,
      cwd: ws,
      env,
      clientVersion: '0.0.0',
      openLog: (source) => store.create({ cwd: ws, source }),
      approvals: { gate: null, autoApprove: false },
    });
    try {
      const signal = new AbortController().signal;
      assert.deepEqual(await session.prompt('First.', signal), { kind: 'completed' });
      session.log.session.append('todo/user-edit', { todos: [todo('A', 'completed'), todo('B')] });
      assert.deepEqual(await session.prompt('Second.', signal), { kind: 'completed' });
      assert.deepEqual(await session.prompt('Third.', signal), { kind: 'completed' });
      // Claude Code writes its transcript from a queue drained every 100 ms, and
      // claude-agent-acp can answer a prompt with an earlier turn's result (its start-up
      // `/model` command races the first prompt): wait for the agent's own record of the
      // third answer before closing, so the check reads what the agent received.
      await waitFor(
        () => transcriptOf(dir).includes('"text":"Three."'),
        "Claude Code's transcript of the third answer",
        60_000,
      );
    } finally {
      await session.close();
    }
    const transcript = transcriptOf(dir);
    assert.equal(transcript.split('The user edited your plan. It is now:').length - 1, 1, transcript);
    assert.match(transcript, /- \[completed\] A\\n- \[pending\] B/);
  });
});
