// A long session that writes every event type, each more than HOT_AFTER times when
// asked for enough turns (for the replay with compiled schemas, zod-compile-when-hot.ts).
import * as fs from 'node:fs';
import type { Session } from '../../../extension/src/core/session/session';
import { memorySession, todo } from './sessions';

/** `turns` turns that between them write every event type, through Session.append (the runtime schemas). */
export function longSession(turns: number): Session {
  const s = memorySession('compiled-replay');
  for (let turn = 1; turn <= turns; turn++) {
    s.append('turn/start', { turn });
    s.append('user/message', { turn, message: { text: `change ${turn}` } });
    s.append('subagent/start', { callId: `sub_${turn}`, childSessionId: `child-${turn}`, description: 'look around' });
    s.append('subagent/end', {
      callId: `sub_${turn}`,
      childSessionId: `child-${turn}`,
      outcome: turn % 2 ? 'completed' : 'error',
    });
    s.append('step/start', { turn, step: 1 });
    const args = JSON.stringify({ todos: [todo('read'), todo('write')] });
    s.append('assistant/message', {
      turn,
      step: 1,
      message: {
        content: [
          { type: 'reasoning', text: 'plan', signature: 'sig' },
          { type: 'text', text: 'ok' },
          { type: 'tool-call', id: `c${turn}`, name: 'todo_write', arguments: args },
          { type: 'tool-call', id: `b${turn}`, name: 'bash', arguments: '{}' },
        ],
      },
      model: { provider: 'scripted', model: 'scripted' },
      usage: { inputTokens: 10, outputTokens: 2, cachedInputTokens: 0 },
      finishReason: 'tool-calls',
    });
    s.append('tool/call', { turn, step: 1, callId: `c${turn}`, name: 'todo_write', arguments: args });
    s.append('todo/write', { todos: [todo('read', 'in_progress'), todo(`write ${turn}`)] });
    s.append('tool/result', { turn, step: 1, callId: `c${turn}`, isError: false, content: 'Updated' });
    const commit = turn.toString(16).padStart(40, '0');
    s.append('checkpoint/created', { turn, step: 1, commit });
    s.append('tool/call', { turn, step: 1, callId: `b${turn}`, name: 'bash', arguments: '{}' });
    s.append('tool/approval', { turn, step: 1, callId: `b${turn}`, tool: 'bash', decision: 'approve', by: 'auto' });
    s.append('tool/result', {
      turn,
      step: 1,
      callId: `b${turn}`,
      isError: turn % 3 === 0,
      content: 'out',
      details: {
        tool: 'bash',
        exit: turn % 3 ? { kind: 'exited', code: 0 } : { kind: 'timed-out', timeoutMs: 30_000 },
      },
    });
    s.append('step/end', { turn, step: 1 });
    s.append('changes/reverted', {
      item: 'read',
      scope: turn % 2 ? 'item' : 'workspace',
      checkpoint: commit,
      files: [`src/file${turn}.ts`],
    });
    const edited = [todo('read', 'completed'), todo(`write ${turn}`, 'in_progress')];
    const planSeq = s.append('todo/user-edit', { todos: edited }).seq;
    s.append('plan/scope-changed', { turn, approvedSeq: planSeq, planSeq, added: turn % 2, reworded: 1 });
    s.append('plan/proposed', { turn, planSeq, todos: edited });
    if (turn % 2) s.append('plan/approved', { planSeq, todos: edited });
    else s.append('plan/rejected', { planSeq, feedback: `not yet ${turn}` });
    const commentSeq = s.append('plan/comment', { itemId: `${planSeq}-2`, planSeq, text: `why ${turn}?` }).seq;
    s.append('plan/comment-resolved', { commentSeq });
    s.append('plan/check-set', {
      item: 'read',
      command: turn % 2 ? 'npm test' : null,
      from: turn % 3 ? 'user' : 'file',
    });
    s.append('plan/check-accepted', { item: 'read', itemId: `${planSeq}-1`, command: 'npm test' });
    s.append('plan/verify-completion', {
      turn,
      items: [
        { content: 'read', flag: turn % 3 ? { reason: 'no-work' } : { reason: 'last-command-failed', exit: null } },
      ],
    });
    s.append('check/result', {
      item: 'read',
      command: 'npm test',
      exitCode: turn % 2 ? 0 : null,
      durationMs: turn,
      output: `ok ${turn}`,
    });
    s.append('turn/end', { turn, reason: turn % 4 ? { kind: 'completed' } : { kind: 'max-steps', maxSteps: 8 } });
    s.append('context/compact', { upToSeq: s.lastSeq, summary: `up to turn ${turn}` });
    s.append('acp/session', { sessionId: `agent-session-${turn}` });
    const item = { n: 1, content: 'read', branch: `agent-checklist/compiled-replay/1-read-${turn}` };
    s.append('item-run/child', { parentSession: 'compiled-replay', ...item });
    const childSession = `item-child-${turn}`;
    s.append('item-run/start', { ...item, childSession, worktree: `/tmp/wt/${turn}`, base: commit });
    s.append('item-run/end', { childSession, outcome: turn % 2 ? 'completed' : 'failed', commit: null });
    s.append('item-run/closed', { childSession, how: turn % 2 ? 'merged' : 'discarded' });
  }
  return s;
}

/** The session's log file as the store writes it: the header, then one line per event. */
export function writeSessionLog(file: string, session: Session): string[] {
  const lines = [JSON.stringify(session.header), ...session.events.map((e) => JSON.stringify(e))];
  fs.writeFileSync(file, lines.map((l) => `${l}\n`).join(''));
  return lines;
}
