// Helpers for unit tests: temp folders, in-memory sessions, canned turns. Loading
// them loads the built-in tools, as every entry point of the product does, so the
// folds of a session's calls know each tool's facts (core/session/tool-facts.ts).
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import { makeHeader } from '../../../extension/src/core/session/header';
import { Session } from '../../../extension/src/core/session/session';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import type { ToolResultDetails } from '../../../extension/src/core/session/events';
import '../../../extension/src/core/tools/built-in';

export function tempDir(prefix = 'agent-checklist-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A session in memory with a fixed clock, for tests that need no disk. */
export function memorySession(id = 'test-session'): Session {
  let tick = 0;
  return new Session(makeHeader({ id, now: new Date('2026-01-01T00:00:00Z') }), {
    now: () => new Date(Date.UTC(2026, 0, 1, 0, 0, tick++)),
  });
}

/** Opens turn 1 and a step whose assistant message announces `callIds`. */
export function openStepWithCalls(
  session: Session,
  callIds: string[],
  turn = session.lastTurn + 1,
): { turn: number; step: number } {
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: 'go' } });
  session.append('step/start', { turn, step: 1 });
  session.append('assistant/message', {
    turn,
    step: 1,
    message: {
      content: callIds.map((id) => ({ type: 'tool-call' as const, id, name: 'todo_write', arguments: '{}' })),
    },
    model: { provider: 'scripted', model: 'scripted' },
  });
  return { turn, step: 1 };
}

export const todo = (content: string, status: TodoItem['status'] = 'pending'): TodoItem => ({ content, status });

/** Opens a step (with an empty assistant message) in the open turn and runs `body` inside it. */
export function inStep(s: Session, body: () => void): void {
  const turn = s.openTurn!;
  const step = s.lastStep + 1;
  s.append('step/start', { turn, step });
  s.append('assistant/message', { turn, step, message: { content: [] }, model: { provider: 'p', model: 'm' } });
  body();
  s.append('step/end', { turn, step });
}

/** `plan --format json`'s items as `{ content, status }` (without each item's `flag` and `evidence`); null for no plan. */
export function listed(json: string): TodoItem[] | null {
  const items: unknown = JSON.parse(json);
  if (items === null) return null;
  assert.ok(Array.isArray(items), `plan JSON is a list: ${json}`);
  return items.map((item: { content: string; status: TodoItem['status'] }) => ({
    content: item.content,
    status: item.status,
  }));
}

/** A call a test step logs: its tool, the list a todo_write appends between its call and its result, the result's data and error flag. */
export interface LoggedCall {
  name: string;
  todos?: TodoItem[];
  details?: ToolResultDetails;
  isError?: boolean;
}

let loggedCalls = 0;
/** One step of the open turn making `calls`, each with its result (what the loop logs). */
export function logStep(s: Session, calls: LoggedCall[]): void {
  const turn = s.openTurn!;
  const n = s.lastStep + 1;
  const withIds = calls.map((c) => ({ ...c, id: `logged-${++loggedCalls}` }));
  s.append('step/start', { turn, step: n });
  s.append('assistant/message', {
    turn,
    step: n,
    message: { content: withIds.map((c) => ({ type: 'tool-call' as const, id: c.id, name: c.name, arguments: '{}' })) },
    model: { provider: 'p', model: 'm' },
  });
  for (const c of withIds) {
    s.append('tool/call', { turn, step: n, callId: c.id, name: c.name });
    if (c.todos) s.append('todo/write', { todos: c.todos });
    s.append('tool/result', {
      turn,
      step: n,
      callId: c.id,
      isError: c.isError ?? false,
      content: 'ok',
      ...(c.details ? { details: c.details } : {}),
    });
  }
  s.append('step/end', { turn, step: n });
}

/** A bash call that exited with `code`, as bash logs it. */
export const bashExited = (code: number): LoggedCall => ({
  name: 'bash',
  details: { tool: 'bash', exit: { kind: 'exited', code } },
  isError: code !== 0,
});
