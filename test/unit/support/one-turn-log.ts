// A valid one-turn session log written by hand (no Session), for readers' tests and the
// security bench: one todo_write call whose result carries `resultBytes` of text, so
// the last line can be made as long as a test needs.
import * as fs from 'node:fs';
import { LOG_FORMAT_VERSION } from '../../../extension/src/core/session/header';

const ts = '2026-12-01T00:00:00.000Z';

/** Writes the log to `file` and returns its lines (header first). */
export function writeOneTurnLog(
  file: string,
  todos: { content: string; status: string }[],
  resultBytes = 10,
): string[] {
  let seq = 0;
  const ev = (type: string, data: object) =>
    JSON.stringify({
      seq: ++seq,
      ts,
      type,
      data,
      ...(['user/message', 'assistant/message', 'tool/result'].includes(type) ? { surfaceOp: 'append' } : {}),
    });
  const args = JSON.stringify({ todos });
  const lines = [
    JSON.stringify({ type: 'session', version: LOG_FORMAT_VERSION, id: 'honest', createdAt: ts }),
    ev('turn/start', { turn: 1 }),
    ev('user/message', { turn: 1, message: { text: 'go' } }),
    ev('step/start', { turn: 1, step: 1 }),
    ev('assistant/message', {
      turn: 1,
      step: 1,
      message: { content: [{ type: 'tool-call', id: 'c1', name: 'todo_write', arguments: args }] },
      model: { provider: 'scripted', model: 'scripted' },
    }),
    ev('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: args }),
    ev('todo/write', { todos }),
    ev('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'x'.repeat(resultBytes) }),
  ];
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return lines;
}
