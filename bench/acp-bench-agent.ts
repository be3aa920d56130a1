// A scripted ACP agent for the acp bench: a child process speaking ACP on stdio through
// the SDK's own agent side (`agent()` builder, ndJsonStream), as a real agent does.
// Started by our client (AcpAgentSession), in process or from the editor's settings.
//
// A prompt whose last text block reads `bench <plan|tools> <count> <pauseMs>` makes it
// send `count` updates, `pauseMs` apart (the first after one pause):
//   - plan: one `plan` update each (PLAN_ITEMS entries; update k completes item k-1 and
//     starts item k, cycling), so each one changes the status bar's text;
//   - tools: a `tool_call` (a read, in progress) and at once its `tool_call_update`
//     (completed, with its output), so each pair is one whole step on our log.
// Just before sending update k (a pair: its first message) it notes the time on both
// clocks: process.hrtime (monotonic, the same clock in every process of the machine)
// and Date.now() (the browser's clock in the workbench). Before answering the prompt
// (`end_turn`) it writes `{ monotonicMs, wallMs }` to the file named by ACP_BENCH_STAMPS.
// Any other prompt (a resumed session's note comes first: only the last block counts)
// is answered at once; a run stops early when its request's signal aborts (`cancelled`).
import * as fs from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { agent, ndJsonStream, PROTOCOL_VERSION, type PlanEntry, type SessionUpdate } from '@agentclientprotocol/sdk';

const PLAN_ITEMS = 12;
/** Its agentInfo (initialize): a log it writes has `{ kind: 'acp', ...BENCH_AGENT_INFO }` as its source. */
export const BENCH_AGENT_INFO = { name: 'acp-bench-agent', title: 'ACP bench agent', version: '1.0.0' };

/** Plan update k (1-based): item (k-1) mod PLAN_ITEMS in progress, the ones before it completed. */
function benchPlan(k: number): PlanEntry[] {
  const active = (k - 1) % PLAN_ITEMS;
  return Array.from({ length: PLAN_ITEMS }, (_, i) => ({
    content: `Step ${i + 1}: update the parser's handling of case ${i + 1}`,
    priority: i === 0 ? 'high' : i === PLAN_ITEMS - 1 ? 'low' : 'medium',
    status: i < active ? 'completed' : i === active ? 'in_progress' : 'pending',
  }));
}

/** The status bar's summary (statusBarSummary) of plan update k. */
export const benchStatusText = (k: number): string =>
  `${(k - 1) % PLAN_ITEMS}/${PLAN_ITEMS} · Step ${((k - 1) % PLAN_ITEMS) + 1}: update the parser's handling of case ${((k - 1) % PLAN_ITEMS) + 1}`;

function toolPair(k: number): [SessionUpdate, SessionUpdate] {
  const toolCallId = `read-${k}`;
  const file = `src/parser/case-${k % 40}.ts`;
  const output = Array.from({ length: 20 }, (_, i) => `${i + 1}: export const case${k}_${i} = parse(token${i});`).join(
    '\n',
  );
  return [
    {
      sessionUpdate: 'tool_call',
      toolCallId,
      title: `Read ${file}`,
      kind: 'read',
      status: 'in_progress',
      rawInput: { path: file },
      locations: [{ path: file }],
    },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId,
      status: 'completed',
      content: [{ type: 'content', content: { type: 'text', text: output } }],
    },
  ];
}

const pause = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

function main(): void {
  const stampsFile = process.env.ACP_BENCH_STAMPS;
  const app = agent({ name: BENCH_AGENT_INFO.name })
    .onRequest('initialize', () => ({
      protocolVersion: PROTOCOL_VERSION,
      agentInfo: BENCH_AGENT_INFO,
      agentCapabilities: {},
      authMethods: [],
    }))
    .onRequest('session/new', () => ({ sessionId: `bench-${process.pid}` }))
    .onRequest('session/prompt', async ({ params, signal, client }) => {
      const last = params.prompt.at(-1);
      const words = last?.type === 'text' ? last.text.trim().split(/\s+/) : [];
      if (words[0] !== 'bench' || (words[1] !== 'plan' && words[1] !== 'tools'))
        return { stopReason: 'end_turn' as const };
      const count = Number(words[2]);
      const pauseMs = Number(words[3]);
      const monotonicMs: number[] = [];
      const wallMs: number[] = [];
      for (let k = 1; k <= count && !signal.aborted; k++) {
        await pause(pauseMs, signal);
        if (signal.aborted) break;
        const updates = words[1] === 'plan' ? [{ sessionUpdate: 'plan' as const, entries: benchPlan(k) }] : toolPair(k);
        monotonicMs.push(Number(process.hrtime.bigint()) / 1e6);
        wallMs.push(Date.now());
        for (const update of updates) await client.notify('session/update', { sessionId: params.sessionId, update });
      }
      if (stampsFile) fs.writeFileSync(stampsFile, JSON.stringify({ monotonicMs, wallMs }));
      return { stopReason: signal.aborted ? ('cancelled' as const) : ('end_turn' as const) };
    })
    .onNotification('session/cancel', () => undefined);
  const input = Readable.toWeb(process.stdin) as ReadableStream<Uint8Array>;
  const output = Writable.toWeb(process.stdout) as WritableStream<Uint8Array>;
  const connection = app.connect(ndJsonStream(output, input));
  void connection.closed.then(() => process.exit(0));
}

if (require.main === module) main();
