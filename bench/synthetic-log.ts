// Synthetic session logs of a chosen size: realistic turns (prompt, reasoning, text,
// todo_write calls with their todo/write, results), written as valid JSONL lines
// directly (the store's own append would take minutes for a gigabyte).
import * as fs from 'node:fs';
import { LOG_FORMAT_VERSION } from '../extension/src/core/session/header';
import type { SessionSource } from '../extension/src/core/session/source';

const STATUSES = ['pending', 'in_progress', 'completed'] as const;

export interface SyntheticLog {
  path: string;
  bytes: number;
  events: number;
  turns: number;
  lastPlan: { content: string; status: string }[] | null;
}

/** Writes whole turns until the file reaches the target size or event count; a plan stands at the end. `header.source` is who wrote the log (an ACP agent's session: `{ kind: 'acp', ... }`); none by default. */
export function writeSyntheticLog(
  path: string,
  target: { bytes?: number; events?: number },
  header: { id?: string; title?: string; source?: SessionSource } = {},
): SyntheticLog {
  const fd = fs.openSync(path, 'w');
  let bytes = 0;
  let seq = 0;
  let turn = 0;
  let lastPlan: SyntheticLog['lastPlan'] = null;
  const ts = '2026-11-30T00:00:00.000Z';
  const chunks: string[] = [];
  let pending = 0;
  const put = (obj: object): void => {
    const line = `${JSON.stringify(obj)}\n`;
    chunks.push(line);
    pending += line.length;
    bytes += Buffer.byteLength(line);
    if (pending > 1 << 20) flush();
  };
  const flush = (): void => {
    fs.writeSync(fd, chunks.join(''));
    chunks.length = 0;
    pending = 0;
  };
  const ev = (type: string, data: object, surface = false): void =>
    put(surface ? { seq: ++seq, ts, type, data, surfaceOp: 'append' } : { seq: ++seq, ts, type, data });

  put({
    type: 'session',
    version: LOG_FORMAT_VERSION,
    id: header.id ?? 'synthetic',
    createdAt: ts,
    ...(header.title === undefined ? {} : { title: header.title }),
    ...(header.source === undefined ? {} : { source: header.source }),
  });
  while (bytes < (target.bytes ?? 0) || seq < (target.events ?? 0)) {
    turn++;
    ev('turn/start', { turn });
    ev(
      'user/message',
      { turn, message: { text: `Please make change number ${turn} to the parser and keep the tests green.` } },
      true,
    );
    const items = 3 + (turn % 4);
    for (let step = 1; step <= 3; step++) {
      ev('step/start', { turn, step });
      const todos = Array.from({ length: items }, (_, i) => ({
        content: `Task ${i + 1} of change ${turn}: ${'adjust the tokenizer '.repeat(1 + (i % 3)).trim()}`,
        status: STATUSES[Math.min(2, Math.max(0, step - 1 + (i === 0 ? 1 : 0) - (i > step ? 1 : 0)))]!,
      }));
      const callId = `call_${turn}_${step}`;
      const args = JSON.stringify({ todos });
      if (step < 3) {
        ev(
          'assistant/message',
          {
            turn,
            step,
            message: {
              content: [
                { type: 'reasoning', text: 'I will update the plan before continuing with the next part of the work.' },
                { type: 'tool-call', id: callId, name: 'todo_write', arguments: args },
              ],
            },
            model: { provider: 'scripted', model: 'scripted' },
          },
          true,
        );
        ev('tool/call', { turn, step, callId, name: 'todo_write', arguments: args });
        ev('todo/write', { todos });
        ev(
          'tool/result',
          { turn, step, callId, isError: false, content: 'Updated todo list: 1 pending, 1 in progress, 1 completed.' },
          true,
        );
        lastPlan = todos;
      } else {
        ev(
          'assistant/message',
          {
            turn,
            step,
            message: {
              content: [
                { type: 'text', text: `Change ${turn} is done; the parser accepts the new syntax and all tests pass.` },
              ],
            },
            model: { provider: 'scripted', model: 'scripted' },
          },
          true,
        );
      }
      ev('step/end', { turn, step });
    }
    ev('turn/end', { turn, reason: { kind: 'completed' } });
  }
  flush();
  fs.closeSync(fd);
  return { path, bytes, events: seq, turns: turn, lastPlan };
}
