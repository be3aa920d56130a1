// Real session logs for the board's tests, written through SessionStore (the durable
// sink, every event checked by the invariants), one for each state a card can take.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { SessionSource } from '../../../extension/src/core/session/source';
import type { Session } from '../../../extension/src/core/session/session';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { todo } from '../support/sessions';

export const T0 = Date.parse('2026-12-01T10:00:00Z');

/** Writes one log in `dir` whose events are stamped a second apart from `startMs`; returns its path. */
export function writeLog(
  dir: string,
  id: string,
  body: (s: Session) => void,
  opts: { source?: SessionSource; title?: string; startMs?: number } = {},
): string {
  let tick = 0;
  const start = opts.startMs ?? T0;
  const store = new SessionStore(dir);
  const opened = store.create(
    { id, ...(opts.source ? { source: opts.source } : {}), ...(opts.title ? { title: opts.title } : {}) },
    { now: () => new Date(start + 1000 * tick++) },
  );
  try {
    body(opened.session);
  } finally {
    opened.dispose();
  }
  return path.join(dir, `${id}.jsonl`);
}

function prompt(s: Session, text: string): number {
  const turn = s.lastTurn + 1;
  s.append('turn/start', { turn });
  s.append('user/message', { turn, message: { text } });
  return turn;
}

function step(s: Session, calls: { id: string; name: string }[] = []): number {
  const turn = s.openTurn!;
  const n = s.lastStep + 1;
  s.append('step/start', { turn, step: n });
  s.append('assistant/message', {
    turn,
    step: n,
    message: { content: calls.map((c) => ({ type: 'tool-call' as const, id: c.id, name: c.name, arguments: '{}' })) },
    model: { provider: 'scripted', model: 'scripted' },
  });
  return n;
}

/** A bash call run to its end inside its own step (approved). */
function ranBash(s: Session, id: string, exit: number): void {
  const turn = s.openTurn!;
  const n = step(s, [{ id, name: 'bash' }]);
  s.append('tool/call', { turn, step: n, callId: id, name: 'bash' });
  s.append('tool/approval', { turn, step: n, callId: id, tool: 'bash', decision: 'approve', by: 'user' });
  s.append('tool/result', { turn, step: n, callId: id, isError: exit !== 0, content: `exit ${exit}` });
  s.append('step/end', { turn, step: n });
}

/** A log in each state, by name. */
export const STATE_LOGS = {
  'needs-approval': (s: Session) => {
    const turn = prompt(s, 'Plan the release');
    s.append('todo/write', { todos: [todo('Tag'), todo('Publish')] });
    const planSeq = s.lastSeq;
    s.append('plan/proposed', { turn, planSeq, todos: [todo('Tag'), todo('Publish')] });
    s.append('turn/end', { turn, reason: { kind: 'awaiting-approval' } });
  },
  waiting: (s: Session) => {
    prompt(s, 'Run the tests');
    s.append('todo/write', { todos: [todo('Run tests', 'in_progress')] });
    const turn = s.openTurn!;
    const n = step(s, [{ id: 'b1', name: 'bash' }]);
    s.append('tool/call', { turn, step: n, callId: 'b1', name: 'bash' });
  },
  running: (s: Session) => {
    prompt(s, 'Build it');
    s.append('todo/write', { todos: [todo('Build', 'in_progress'), todo('Ship')] });
  },
  flagged: (s: Session) => {
    const turn = prompt(s, 'Fix the bug');
    s.append('todo/write', { todos: [todo('Fix', 'in_progress')] });
    ranBash(s, 'b1', 1);
    s.append('todo/write', { todos: [todo('Fix', 'completed')] });
    s.append('turn/end', { turn, reason: { kind: 'completed' } });
  },
  done: (s: Session) => {
    const turn = prompt(s, 'Write the notes');
    s.append('todo/write', { todos: [todo('Notes', 'in_progress')] });
    ranBash(s, 'b1', 0);
    s.append('todo/write', { todos: [todo('Notes', 'completed')] });
    s.append('turn/end', { turn, reason: { kind: 'completed' } });
  },
  idle: (s: Session) => {
    const turn = prompt(s, 'Think first');
    s.append('todo/write', { todos: [todo('Think'), todo('Act')] });
    s.append('turn/end', { turn, reason: { kind: 'completed' } });
  },
} satisfies Record<string, (s: Session) => void>;

/** A file in `dir` that is no session log. */
export function writeGarbage(dir: string, id: string): string {
  const file = path.join(dir, `${id}.jsonl`);
  fs.writeFileSync(file, 'not json at all\n');
  return file;
}
