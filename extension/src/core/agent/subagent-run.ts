// Running a subagent: a child session with its own log in the parent's store
// (header.parent = { sessionId, callId }), one turn run to completion by the same
// loop with the SAME provider instance (the scripted model serves parent and
// children from one queue, in request order). The parent's log gets
// `subagent/start` before the child's first event and `subagent/end` after its
// last; the child's own events (its todo_write plan included) go to the child's
// log only — single owner. Stop reaches the child through the same signal.
import type { SubagentOutcome } from '../domain-literals';
import type { TurnEndReason } from '../session/events';
import type { Session } from '../session/session';
import type { WritableSession } from '../store/session-store';
import { finalAssistantText } from './final-text';
import { runTurn } from './loop';
import type { LiveDelta } from '../session/live-delta';
import type { ModelProvider } from './provider';
import type { RetryPolicy } from './retry';
import type { SubagentRequest, SubagentRunResult } from '../tools/subagent/subagent-tool';

/** Where child logs are created: the parent's store (SessionStore satisfies it). */
export interface ChildSessionFactory {
  create(opts: { cwd?: string; parent: { sessionId: string; callId: string }; title?: string }): WritableSession;
}

/** How a child session hangs under its parent: what a nested Plan tree and a subagent row need. */
export interface SubagentLink {
  parentSessionId: string;
  callId: string;
  childSessionId: string;
  /** 1 for a child of the root session, 2 for a grandchild. */
  depth: number;
  description: string;
  /** The child's log file. */
  logPath: string;
}

/** Told about child sessions while they run (hosts: follow a child's plan live, open its transcript). */
export interface SubagentObserver {
  /** The child exists and `subagent/start` is in the parent's log; subscribe to `child` here. */
  onStart?(child: Session, link: SubagentLink): void;
  /** The child's turn is over and `subagent/end` is in the parent's log; the child's log is closed right after. */
  onEnd?(child: Session, link: SubagentLink, outcome: SubagentOutcome): void;
}

/** What a `subagent` tool needs besides the tools themselves. */
export interface SubagentDeps {
  provider: ModelProvider;
  sessions: ChildSessionFactory;
  maxSteps: number;
  /** Header `cwd` of child logs (the workspace folder). */
  cwd?: string;
  system?: string;
  /** The model's window for the child's own compactions (the parent's). */
  context?: { window: number; threshold?: number };
  retry?: Partial<RetryPolicy>;
  /** Live deltas of child sessions (each carries the child's sessionId). */
  onDelta?: (delta: LiveDelta) => void;
  observer?: SubagentObserver;
}

/** One child session run to its end (loaded at a subagent's first call, through subagent-runner.ts). */
export async function runSubagent(deps: SubagentDeps, request: SubagentRequest): Promise<SubagentRunResult> {
  const { parent, callId, description } = request;
  const opened = deps.sessions.create({
    ...(deps.cwd === undefined ? {} : { cwd: deps.cwd }),
    parent: { sessionId: parent.id, callId },
    title: description,
  });
  const child = opened.session;
  const link: SubagentLink = {
    parentSessionId: parent.id,
    callId,
    childSessionId: child.id,
    depth: request.depth,
    description,
    logPath: opened.path,
  };
  let outcome: SubagentOutcome = 'error';
  let turnEnd: TurnEndReason | null = null;
  let failure: string | null = null;
  try {
    parent.append('subagent/start', { callId, childSessionId: child.id, description });
    deps.observer?.onStart?.(child, link);
    try {
      turnEnd = await runTurn(child, request.prompt, {
        provider: deps.provider,
        tools: request.tools,
        maxSteps: deps.maxSteps,
        signal: request.signal,
        ...(deps.system === undefined ? {} : { system: deps.system }),
        ...(deps.retry === undefined ? {} : { retry: deps.retry }),
        ...(deps.context === undefined ? {} : { context: deps.context }),
        ...(deps.onDelta === undefined ? {} : { onDelta: deps.onDelta }),
      });
      // A subagent's turn is never plan-first; a turn left waiting for a decision would be unfinished.
      outcome = turnEnd.kind === 'awaiting-approval' ? 'interrupted' : turnEnd.kind;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
      outcome = request.signal.aborted ? 'aborted' : 'error';
    }
    // A stopped parent whose registry stopped waiting may have closed its turn
    // already; its log then shows a start without an end (read as interrupted).
    if (parent.openTurn !== null) parent.append('subagent/end', { callId, childSessionId: child.id, outcome });
    deps.observer?.onEnd?.(child, link, outcome);
    return {
      childSessionId: child.id,
      logPath: opened.path,
      outcome,
      finalText: finalAssistantText(child.events, child.lastTurn),
      turnEnd,
      failure,
    };
  } finally {
    opened.dispose();
  }
}
