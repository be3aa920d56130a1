// A long log is replayed with the event schemas compiled by zod (zod-compile-when-hot.ts).
// The compiled parser must answer exactly what the runtime parser answers: the same
// verdict, the same value on success, the same issues (so the same messages) on failure.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  eventDataSchemas,
  rawEnvelopeReader,
  rawEnvelopeSchema,
  type SessionEvent,
  type SessionEventType,
} from '../../../extension/src/core/session/events';
import { loadLogFile, LogLoadError } from '../../../extension/src/core/store/log-file';
import { compileWhenHot } from '../../../extension/src/core/zod-compile-when-hot';
import { longSession, writeSessionLog } from '../support/long-session';
import { tempDir, todo } from '../support/sessions';

/** The product's threshold (core/zod-compile-when-hot.ts) past which a schema is compiled. */
const HOT_AFTER = 256;

/** Wrong values for every place in a value: removed keys, extra keys, other types, edge numbers and strings. */
function* mutations(value: unknown): Generator<unknown> {
  if (Array.isArray(value)) {
    yield {};
    yield [...value, value[0]]; // a duplicate item (todo lists refuse it)
    for (let i = 0; i < value.length; i++)
      for (const m of mutations(value[i])) yield value.map((v, j) => (j === i ? m : v));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    yield [];
    yield { ...value, extra: 1 };
    const entries = Object.entries(value);
    for (const [k] of entries) yield Object.fromEntries(entries.filter(([key]) => key !== k));
    for (const [k, v] of entries) for (const m of mutations(v)) yield { ...value, [k]: m };
    return;
  }
  if (typeof value === 'number') yield* [0, -1, 1.5, 2 ** 60, '1', null];
  else if (typeof value === 'string') yield* ['', ` ${value} `, 'tool-call', 'in_progress', 7];
  else if (typeof value === 'boolean') yield* ['true', 0];
  else yield* [null, 'x'];
}

type Answer = { success: true; data: unknown } | { success: false; error: { issues: unknown[] } };

function sameAnswer(actual: Answer, expected: Answer, what: string): void {
  assert.equal(actual.success, expected.success, what);
  if (expected.success) assert.deepStrictEqual(actual.success && actual.data, expected.data, what);
  else assert.deepStrictEqual(!actual.success && actual.error.issues, expected.error.issues, what);
}

describe('replay with the event schemas compiled', () => {
  const session = longSession(HOT_AFTER + 10); // every event type more than HOT_AFTER times
  const events: readonly SessionEvent[] = session.events;

  it('the compiled schema answers every valid and broken value exactly as the runtime parser does', () => {
    const byType = new Map<SessionEventType, SessionEvent>();
    for (const e of events) byType.set(e.type, e);
    assert.equal(byType.size, Object.keys(eventDataSchemas).length, 'the session writes every event type');
    let compared = 0;
    for (const [type, e] of byType) {
      const schema = eventDataSchemas[type];
      const hot = compileWhenHot<unknown>(schema, 1);
      const data = JSON.parse(JSON.stringify(e.data));
      for (const value of [data, ...mutations(data)]) {
        sameAnswer(hot.safeParse(value), schema.safeParse(value), `${type} ${JSON.stringify(value)}`);
        compared++;
      }
      assert.equal(hot.compiled, true);
      const envelope = compileWhenHot<unknown>(rawEnvelopeSchema, 1);
      const line = JSON.parse(JSON.stringify(e));
      for (const value of [line, ...mutations({ ...line, data: 0 })])
        sameAnswer(envelope.safeParse(value), rawEnvelopeSchema.safeParse(value), `envelope ${JSON.stringify(value)}`);
    }
    assert.ok(compared > 400, `compared ${compared} values`);
  });

  it('a long log loads to the same events once its schemas are compiled, and refuses with the same messages', () => {
    const dir = tempDir();
    const file = path.join(dir, 'long.jsonl');
    const lines = writeSessionLog(file, session);
    const loaded = loadLogFile(file);
    assert.equal(rawEnvelopeReader.compiled, true, 'the envelope schema was compiled during the load');
    assert.deepStrictEqual(loaded.events, JSON.parse(JSON.stringify(events)));

    const refusal = (at: number, edit: (line: Record<string, unknown>) => unknown): string => {
      const broken = [...lines];
      broken[at] = JSON.stringify(edit(JSON.parse(lines[at]!)));
      fs.writeFileSync(file, broken.map((l) => `${l}\n`).join(''));
      try {
        loadLogFile(file);
      } catch (e) {
        assert.ok(e instanceof LogLoadError);
        assert.equal(e.line, at + 1);
        return e.reason;
      }
      assert.fail('the broken log loaded');
    };
    const last = (type: string): number => {
      for (let i = lines.length - 1; i > 0; i--) if (lines[i]!.includes(`"type":"${type}"`)) return i;
      throw new Error(`no ${type} line`);
    };
    const write = last('todo/write');
    assert.equal(
      refusal(write, (l) => ({ ...l, data: { todos: [todo(' read'), todo('read'), todo('read')] } })),
      'invalid todo/write data: todos[0].content: content must already be trimmed; todos[2].content: duplicate content "read"',
    );
    assert.equal(
      refusal(last('turn/start'), (l) => ({ ...l, data: { turn: 1.5 } })),
      'invalid turn/start data: turn: Invalid input: expected int, received number',
    );
    assert.equal(
      refusal(last('tool/result'), (l) => ({ ...l, data: { ...(l.data as object), extra: true } })),
      'invalid tool/result data: (arguments): Unrecognized key: "extra"',
    );
    assert.equal(
      refusal(last('step/end'), (l) => ({ ...l, seq: '1' })),
      'not a valid event line (broken JSON or missing envelope fields)',
    );
    assert.equal(
      refusal(last('tool/result'), ({ surfaceOp: _, ...l }) => l),
      'tool/result is a surface event and needs surfaceOp "append"',
    );
  });
});
