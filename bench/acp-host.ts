// The host's cost of one incoming ACP `session/update`, in process (issue 22). The
// agent is bench/acp-bench-agent.ts, a child process on stdio (the SDK's agent side);
// our side is the product's: AcpAgentSessions.forPrompt (the window's ACP agents)
// opens an AcpAgentSession (startAcpAgent: the SDK's client, its schema checks), each
// update goes through AcpTurnLog onto our log (the file sink), and ShownSession (the
// folds the window's surfaces read: plan ledger, transcript) hears every append. On a
// plan change the presenters the status bar and the Agent view call run:
// statusBarSummary (the status bar's text) and planView (the plan message's body).
//
// One run = one prompt of `count` updates on a fresh session (no events) or on a
// session reopened from a 10,000-event synthetic ACP log (openSessionAsync, as a
// session picked from the list; the prompt resumes it with our summary first).
// Per update it returns:
//   - latency: the agent's monotonic stamp just before it sent the update (a pair:
//     its first message) -> our listener has the status bar's text (plan) or has
//     folded the step's step/end (tools);
//   - busy: the host event loop's active time (performance.eventLoopUtilization)
//     since the previous update's mark: everything the host did for this update
//     (reading the pipe, parsing, the SDK's checks, the turn log, the append, the
//     folds, the presenters), none of the idle pause between updates.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type * as vscode from 'vscode';
import type { AcpAgentSession } from '../extension/src/core/acp-client/acp-agent-session';
import { resolveAcpAgent, type AcpAgentLaunch } from '../extension/src/core/acp-client/agent-catalog';
import { PendingPlanReview } from '../extension/src/core/agent/plan-first';
import { statusBarSummary } from '../extension/src/core/plan/summaries';
import { planView } from '../extension/src/core/plan/plan-presenter';
import type { ApprovalGate } from '../extension/src/core/tools/approvals';
import { SessionStore } from '../extension/src/core/store/session-store';
import { AcpAgentSessions } from '../extension/src/vscode/acp-agents/acp-agent-sessions';
import type { OpenedSession } from '../extension/src/vscode/session/opened-session';
import { openSessionAsync } from '../extension/src/vscode/session/session-opening';
import { ShownSession, type ShownSessionListener } from '../extension/src/vscode/session/shown-session';
import { BENCH_AGENT_INFO, benchStatusText } from './acp-bench-agent';
import { now } from './stats';
import { writeSyntheticLog } from './synthetic-log';

export type UpdateKind = 'plan' | 'tools';

export interface UpdateSamples {
  latency: number[];
  /** One fewer than latency: the first update's window also holds the prompt's start. */
  busy: number[];
  /** Events on the log before the prompt. */
  priorEvents: number;
}

const AGENT_ID = 'acp-bench';

/** The bench agent as a user's agentChecklist.acpAgents entry would launch it; it writes its stamps to `stampsFile`. */
export function benchAgentEntry(stampsFile: string): {
  title: string;
  command: string;
  args: string[];
  env: Record<string, string>;
} {
  return {
    title: BENCH_AGENT_INFO.title,
    command: process.execPath,
    args: ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(__dirname, 'acp-bench-agent.ts')],
    env: { ACP_BENCH_STAMPS: stampsFile },
  };
}

function benchLaunch(stampsFile: string, cwd: string): AcpAgentLaunch {
  const resolved = resolveAcpAgent(AGENT_ID, { [AGENT_ID]: benchAgentEntry(stampsFile) }, process.env, cwd);
  if (!resolved.ok) throw new Error(resolved.message);
  return resolved.launch;
}

const quietLog = {
  info: () => undefined,
  error: (message: string) => console.error(message),
} as unknown as vscode.LogOutputChannel;
/** The bench agent never asks; a request would be a bug in the bench. */
const noGate: ApprovalGate = { request: () => Promise.reject(new Error('the bench agent asked for a permission')) };

/** On disk, as an older session's log is: our log's first fsync then writes only what the run appended. */
export function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

export async function runUpdates(
  dir: string,
  kind: UpdateKind,
  prior: 0 | 10_000,
  count: number,
  pauseMs: number,
): Promise<UpdateSamples> {
  const store = new SessionStore(path.join(dir, 'sessions'));
  fs.mkdirSync(store.dir, { recursive: true });
  const stampsFile = path.join(dir, `stamps-${process.hrtime.bigint()}.json`);
  const sessions = new AcpAgentSessions({
    store,
    log: quietLog,
    approvalGate: noGate,
    planReview: new PendingPlanReview(),
    clientVersion: '0.0.0-bench',
    onDelta: () => undefined,
  });
  const marks: { at: number; busy: number; text: string | null }[] = [];
  let active = 0;
  const mark = (text: string | null): void => {
    const at = now();
    const elu = performance.eventLoopUtilization();
    marks.push({ at, busy: elu.active - active, text });
    active = elu.active;
  };
  let shown: ShownSession | null = null;
  const listener: ShownSessionListener = {
    plan: (plan) => {
      const text = statusBarSummary(plan);
      planView(plan, shown?.planLedger.timings);
      if (kind === 'plan' && text !== null) mark(text);
    },
    ledger: () => undefined,
    items: () => undefined,
    event: (event) => {
      if (kind === 'tools' && event.type === 'step/end') mark(null);
    },
  };
  let opened: OpenedSession | null = null;
  let agent: AcpAgentSession | null = null;
  try {
    if (prior > 0) {
      const id = `acp-bench-${process.hrtime.bigint()}`;
      const file = store.pathOf(id);
      writeSyntheticLog(
        file,
        { events: prior },
        { id, title: 'a long ACP session', source: { kind: 'acp', ...BENCH_AGENT_INFO } },
      );
      syncFile(file);
      const result = await openSessionAsync(store, () => undefined, id);
      if (result.opened === null || result.opened.readOnly)
        throw new Error(`the synthetic log did not open for writing: ${result.error ?? result.messages.join('; ')}`);
      opened = result.opened;
      shown = new ShownSession(opened, listener, path.join(dir, 'checkpoints'));
    }
    const showWritten = (created: OpenedSession): void => {
      opened = created;
      shown = new ShownSession(created, listener, path.join(dir, 'checkpoints'));
    };
    agent = await sessions.forPrompt({
      launch: benchLaunch(stampsFile, dir),
      cwd: dir,
      shown: opened,
      title: 'ACP bench',
      autoApprove: false,
      tools: { trusted: true },
      showWritten,
    });
    if (agent.ended) throw new Error('the bench agent did not start');
    const session = agent.log.session;
    const priorEvents = session.lastSeq;
    active = performance.eventLoopUtilization().active;
    const end = await agent.prompt(`bench ${kind} ${count} ${pauseMs}`, new AbortController().signal);
    if (end.kind !== 'completed')
      throw new Error(`the bench turn ended ${end.kind}${'message' in end ? `: ${end.message}` : ''}`);
    const stamps = JSON.parse(fs.readFileSync(stampsFile, 'utf8')) as { monotonicMs: number[] };
    if (stamps.monotonicMs.length !== count || marks.length !== count)
      throw new Error(`${count} updates sent, ${stamps.monotonicMs.length} stamped, ${marks.length} seen by the host`);
    marks.forEach((m, i) => {
      if (kind === 'plan' && m.text !== benchStatusText(i + 1))
        throw new Error(`update ${i + 1}: the status bar would read ${JSON.stringify(m.text)}`);
    });
    return {
      latency: marks.map((m, i) => m.at - stamps.monotonicMs[i]!),
      busy: marks.slice(1).map((m) => m.busy),
      priorEvents,
    };
  } finally {
    await sessions.closeAll();
    shown?.dispose();
    (opened as OpenedSession | null)?.dispose();
  }
}
