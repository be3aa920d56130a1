// Issue 10's context management, measured (reported, never asserted in tests):
// 1. request size over a 500-step session (one read_file of a 3 KB file per step, a
//    todo_write every 10th), through runTurn with and without a window: with
//    compaction every request (the compaction requests too) must stay under it;
// 2. the cost of deriveMessages() on a 100,000-event log with compactions vs the same
//    tail after the latest compaction with only a few events before it: it must not
//    grow with the events before the latest compaction.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTurn } from '../extension/src/core/agent/loop';
import type { ModelProvider, ModelRequest, StreamPart } from '../extension/src/core/agent/provider';
import { buildToolRegistry } from '../extension/src/core/agent/tool-set';
import { fold } from '../extension/src/core/session/projection';
import { standingTodos, todosProjection } from '../extension/src/core/plan/todos-projection';
import { deriveMessages } from '../extension/src/core/agent/derive-messages';
import { makeHeader } from '../extension/src/core/session/header';
import { Session } from '../extension/src/core/session/session';
import { median, round, timeRuns } from './stats';
import type { Metric } from './report';

const STEPS = 500;
const WINDOW = 32_000;
const FILES = 40;

/** The model's own count of a request (its "tokenizer"): UTF-8 bytes of the request as JSON / 4. Not the loop's estimate (bytes / 3 + 4 a message). */
function modelTokens(request: ModelRequest): number {
  return Math.ceil(
    Buffer.byteLength(JSON.stringify({ system: request.system, messages: request.messages, tools: request.tools })) / 4,
  );
}

interface Recorded {
  steps: number[];
  compactions: number[];
}

/** At the model edge: reads file k at step k, writes the plan every 10th step, answers at the last; summarizes when asked with no tools. Reports usage as its own count. */
function surveyModel(recorded: Recorded): ModelProvider {
  let step = 0;
  return {
    id: 'bench',
    model: 'bench-survey',
    async *stream(request): AsyncIterable<StreamPart> {
      const tokens = modelTokens(request);
      if (request.tools.length === 0) {
        recorded.compactions.push(tokens);
        yield {
          type: 'text-delta',
          text: `Surveyed ${step} files so far. ${'Each file holds one module with its exports and tests; nothing failed. '.repeat(20)}`,
        };
        yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 400 } };
        yield { type: 'finish', reason: 'stop' };
        return;
      }
      step++;
      recorded.steps.push(tokens);
      if (step >= STEPS) {
        yield { type: 'text-delta', text: 'All files surveyed.' };
      } else if (step % 10 === 0) {
        const done = step / 10;
        const todos = Array.from({ length: 50 }, (_, i) => ({
          content: `Survey batch ${i + 1}`,
          status: i < done ? 'completed' : i === done ? 'in_progress' : 'pending',
        }));
        yield { type: 'tool-call', id: `c${step}`, name: 'todo_write', arguments: JSON.stringify({ todos }) };
      } else {
        yield {
          type: 'tool-call',
          id: `c${step}`,
          name: 'read_file',
          arguments: JSON.stringify({ path: `src/file-${step % FILES}.ts` }),
        };
      }
      yield { type: 'usage', usage: { inputTokens: tokens, outputTokens: 40 } };
      yield { type: 'finish', reason: 'tool_calls' };
    },
  };
}

function writeWorkspace(dir: string): void {
  fs.mkdirSync(path.join(dir, 'src'), { recursive: true });
  for (let i = 0; i < FILES; i++) {
    const lines = Array.from(
      { length: 60 },
      (_, j) => `export const value${i}_${j} = compute(${j}, 'module ${i}'); // line ${j}`,
    );
    fs.writeFileSync(path.join(dir, 'src', `file-${i}.ts`), `${lines.join('\n')}\n`);
  }
}

async function session500(cwd: string, window: number): Promise<Recorded & { compacted: number; outcome: string }> {
  const recorded: Recorded = { steps: [], compactions: [] };
  const session = new Session(makeHeader({ id: `bench-context-${window}` }));
  const { registry } = buildToolRegistry({ tools: ['todo_write', 'read_file'], allowParallelInProgress: false, cwd });
  const reason = await runTurn(session, 'Survey every file under src/ and note what each exports.', {
    provider: surveyModel(recorded),
    tools: registry,
    maxSteps: STEPS,
    context: { window },
  });
  return {
    ...recorded,
    compacted: session.events.filter((e) => e.type === 'context/compact').length,
    outcome: reason.kind,
  };
}

const k = (n: number): string => `${round(n / 1000, 1)}k`;

/** The largest request in each block of 50 steps (the curve is a sawtooth: it drops at each compaction). */
function curve(sizes: number[]): string {
  const out: string[] = [];
  for (let from = 0; from < sizes.length; from += 50)
    out.push(`${from + 1}-${Math.min(from + 50, sizes.length)}:${k(Math.max(...sizes.slice(from, from + 50)))}`);
  return out.join(' ');
}

/** Every step's request size, both runs, for plotting (bench/results/context-curve.csv; not a suite result). */
function writeCurve(without: number[], withC: number[]): string {
  const file = path.join(__dirname, 'results', 'context-curve.csv');
  const rows = without.map((t, i) => `${i + 1},${t},${withC[i] ?? ''}`);
  fs.writeFileSync(file, `step,tokens_no_compaction,tokens_32k_window\n${rows.join('\n')}\n`);
  return path.relative(path.join(__dirname, '..'), file);
}

/** Appends one finished turn of `steps` read_file steps (each 7 events) and a closing answer. */
function appendTurn(session: Session, steps: number): void {
  const turn = session.lastTurn + 1;
  const model = { provider: 'bench', model: 'bench' };
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: `Turn ${turn}: survey the next files.` } });
  for (let step = 1; step <= steps; step++) {
    const callId = `c${turn}_${step}`;
    const args = JSON.stringify({ path: `src/file-${step % FILES}.ts` });
    session.append('step/start', { turn, step });
    session.append('assistant/message', {
      turn,
      step,
      message: {
        content: [
          { type: 'text', text: 'Reading the next file.' },
          { type: 'tool-call', id: callId, name: 'read_file', arguments: args },
        ],
      },
      model,
    });
    session.append('tool/call', { turn, step, callId, name: 'read_file', arguments: args });
    session.append('tool/result', {
      turn,
      step,
      callId,
      isError: false,
      content: `export const value = ${step}; // ${'x'.repeat(200)}`,
    });
    session.append('step/end', { turn, step });
  }
  session.append('step/start', { turn, step: steps + 1 });
  session.append('assistant/message', {
    turn,
    step: steps + 1,
    message: { content: [{ type: 'text', text: `Turn ${turn} done.` }] },
    model,
  });
  session.append('step/end', { turn, step: steps + 1 });
  session.append('turn/end', { turn, reason: { kind: 'completed' } });
}

const compact = (session: Session, n: number): void => {
  session.append('context/compact', {
    upToSeq: session.boundarySeq,
    summary: `Summary ${n}: the files so far export values; nothing failed.`,
  });
};

/** About `before` events (turns of 20 steps, 106 events each, a compaction every 10 turns), the latest compaction, then the tail. */
function compactedLog(before: number, tailTurns: number): Session {
  const session = new Session(makeHeader({ id: `bench-derive-${before}` }));
  let n = 0;
  if (before < 106) appendTurn(session, 1);
  while (session.lastSeq < before) {
    appendTurn(session, 20);
    if (session.lastTurn % 10 === 0) compact(session, ++n);
  }
  compact(session, ++n);
  for (let i = 0; i < tailTurns; i++) appendTurn(session, 20);
  return session;
}

/**
 * deriveMessages() per log, in ms: every log warmed up first (so no log pays the JIT's
 * warm-up), then 5 interleaved rounds of 200 calls each; the median of all 1,000.
 */
function deriveTimes(sessions: readonly Session[]): { ms: number; messages: number }[] {
  const cases = sessions.map((session) => ({
    events: session.events,
    plan: standingTodos(fold(todosProjection, session.events)),
    times: [] as number[],
    messages: 0,
  }));
  for (const c of cases) timeRuns(() => deriveMessages(c.events, { plan: c.plan }), 0, 200);
  for (let round = 0; round < 5; round++) {
    for (const c of cases) {
      c.times.push(
        ...timeRuns(
          () => {
            c.messages = deriveMessages(c.events, { plan: c.plan }).length;
          },
          200,
          0,
        ),
      );
    }
  }
  return cases.map((c) => ({ ms: median(c.times), messages: c.messages }));
}

export async function runContextBench(log: (line: string) => void): Promise<Metric[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-context-'));
  let without: Awaited<ReturnType<typeof session500>>;
  let withC: Awaited<ReturnType<typeof session500>>;
  try {
    writeWorkspace(dir);
    without = await session500(dir, 0);
    log(
      `  without compaction: ${without.outcome}, ${without.steps.length} requests, max ${without.steps.reduce((a, b) => Math.max(a, b), 0)} tokens`,
    );
    withC = await session500(dir, WINDOW);
    log(`  with compaction: ${withC.outcome}, ${withC.steps.length} requests, ${withC.compacted} compactions`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const maxWithout = Math.max(...without.steps);
  const maxWith = Math.max(...withC.steps);
  const maxCompaction = withC.compactions.length ? Math.max(...withC.compactions) : 0;
  const over = [...withC.steps, ...withC.compactions].filter((t) => t > WINDOW).length;

  const curveFile = writeCurve(without.steps, withC.steps);

  const TAIL_TURNS = 5;
  const sizes = [0, 10_000, 50_000, 100_000 - TAIL_TURNS * 106];
  const logs = sizes.map((before) => compactedLog(before, TAIL_TURNS));
  const full = new Session(makeHeader({ id: 'bench-derive-full' }));
  while (full.lastSeq < 100_000) appendTurn(full, 20);
  const times = deriveTimes([...logs, full]);
  const small = times[0]!;
  const big = times[logs.length - 1]!;
  const fullT = times[logs.length]!;
  const bigLog = logs[logs.length - 1]!;
  const ratio = big.ms / small.ms;
  const compactionsInBig = bigLog.events.filter((e) => e.type === 'context/compact').length;
  const series = logs
    .map((l, i) => `${l.lastSeq.toLocaleString('en-US')} events: ${round(times[i]!.ms * 1000, 1)} µs`)
    .join(', ');
  log(
    `  deriveMessages: ${series}; no compaction ${full.lastSeq} events: ${round(fullT.ms, 3)} ms (${big.messages} vs ${fullT.messages} messages)`,
  );

  return [
    {
      name: `request size, ${STEPS}-step session, no compaction: max`,
      value: maxWithout,
      unit: 'tokens',
      target: 'report (grows with the session)',
      met: null,
    },
    {
      name: `request size, ${STEPS}-step session, no compaction: max per 50 steps (all steps: ${curveFile})`,
      value: curve(without.steps),
      unit: '',
      target: 'report',
      met: null,
    },
    {
      name: `request size, ${STEPS}-step session, ${k(WINDOW)} window, compaction at 80%: max of the step requests`,
      value: maxWith,
      unit: 'tokens',
      target: `< ${WINDOW}`,
      met: maxWith < WINDOW,
    },
    {
      name: `request size, ${STEPS}-step session, ${k(WINDOW)} window: max of the compaction requests`,
      value: maxCompaction,
      unit: 'tokens',
      target: `< ${WINDOW}`,
      met: maxCompaction < WINDOW,
    },
    {
      name: `request size, ${STEPS}-step session, ${k(WINDOW)} window: max per 50 steps`,
      value: curve(withC.steps),
      unit: '',
      target: 'report',
      met: null,
    },
    {
      name: `request size, ${STEPS}-step session, ${k(WINDOW)} window: smallest request after a compaction`,
      value: Math.min(...withC.steps.slice(1)),
      unit: 'tokens',
      target: 'report',
      met: null,
    },
    {
      name: `requests over the window, with compaction (of ${withC.steps.length + withC.compactions.length})`,
      value: over,
      unit: '',
      target: '0',
      met: over === 0,
    },
    {
      name: `compactions in the ${STEPS}-step session, ${k(WINDOW)} window; turn ended`,
      value: `${withC.compacted}; ${withC.outcome}`,
      unit: '',
      target: 'report; completed',
      met: withC.outcome === 'completed',
    },
    {
      name: `deriveMessages(), ${bigLog.lastSeq.toLocaleString('en-US')}-event log with ${compactionsInBig} compactions, ${TAIL_TURNS}-turn tail (${big.messages} messages)`,
      value: round(big.ms * 1000, 1),
      unit: 'µs',
      target: 'report',
      met: null,
    },
    {
      name: `deriveMessages(), the same tail after ${(logs[0]!.lastSeq - TAIL_TURNS * 106).toLocaleString('en-US')} events`,
      value: round(small.ms * 1000, 1),
      unit: 'µs',
      target: 'report',
      met: null,
    },
    {
      name: 'deriveMessages() ratio, 100k-event log / few events before the latest compaction',
      value: round(ratio, 2),
      unit: '×',
      target: '≈ 1 (≤ 1.5: does not grow with the events before it)',
      met: ratio <= 1.5,
    },
    {
      name: 'deriveMessages() by events before the latest compaction (same tail)',
      value: series,
      unit: '',
      target: 'flat',
      met: null,
    },
    {
      name: `deriveMessages(), ${full.lastSeq.toLocaleString('en-US')} events and no compaction (for scale)`,
      value: round(fullT.ms, 3),
      unit: 'ms',
      target: 'report',
      met: null,
    },
  ];
}
