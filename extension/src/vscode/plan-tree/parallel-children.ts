// The children of Run Items in Parallel in the window (parallel-run-command.ts): each
// item's child session, made in the parent's folder with the parent named in its header
// and `item-run/child` first (so it hangs under the item as a subagent does), and its
// one turn in the item's worktree: our agent's loop with its tools confined to the
// worktree (the provider the settings select), or the chosen ACP agent started in the
// worktree (its log made as that agent's session). Loaded with the run.
import * as vscode from 'vscode';
import { runTurn } from '../../core/agent/loop';
import { resolveAcpAgent } from '../../core/acp-client/agent-catalog';
import { newSessionId } from '../../core/session/header';
import type { TurnEndReason } from '../../core/session/events';
import type { SessionSource } from '../../core/session/source';
import type { SessionStore, WritableSession } from '../../core/store/session-store';
import { ApprovalLog } from '../../core/tools/approval-log';
import { Approvals } from '../../core/tools/approvals';
import type { ItemPlace } from '../../core/worktrees/item-worktree';
import { childEndOf, childItemPrompt, type ChildEnd, type ParallelItem } from '../../core/worktrees/parallel-run';
import { BUILTIN_AGENT, type AgentSettings } from '../host/settings';
import { prepareTurnContext } from '../turn/turn-context';
import { buildTurnTools, workspaceToolPolicy } from '../turn/turn-tools';
import type { ParallelCommandDeps } from './parallel-commands';

export interface ChildRun {
  store: SessionStore;
  parentSession: string;
  /** BUILTIN_AGENT (ours) or an ACP agent's id. */
  agent: string;
  signal: AbortSignal;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The child log's source: ours, or the ACP agent's (as its session is before the agent says its name). */
function childSource(settings: AgentSettings, agent: string, cwd: string): SessionSource {
  if (agent === BUILTIN_AGENT) return { kind: 'agent' };
  const resolved = resolveAcpAgent(agent, settings.acpAgents, process.env, cwd);
  if (!resolved.ok) throw new Error(resolved.message);
  return { kind: 'acp', name: resolved.launch.id, version: 'unknown', title: resolved.launch.title };
}

export function childRunner(deps: ParallelCommandDeps, run: ChildRun) {
  return {
    create(item: ParallelItem, place: ItemPlace): string {
      const id = newSessionId();
      const child = run.store.create({
        id,
        cwd: place.worktree,
        title: item.content.slice(0, 80),
        source: childSource(deps.settings(), run.agent, place.worktree),
        parent: { sessionId: run.parentSession, callId: `item-run:${id}` },
      });
      try {
        child.session.append('item-run/child', { parentSession: run.parentSession, ...item, branch: place.branch });
      } finally {
        child.dispose();
      }
      return id;
    },
    async run(item: ParallelItem, place: ItemPlace, childSession: string): Promise<ChildEnd> {
      const prompt = childItemPrompt(item, run.parentSession, place.branch);
      try {
        const turnEnd =
          run.agent === BUILTIN_AGENT
            ? await ourTurn(deps, run, childSession, { worktree: place.worktree, prompt })
            : await acpTurn(deps, run, childSession, { worktree: place.worktree, prompt });
        return childEndOf(turnEnd);
      } catch (error) {
        return childEndOf(null, messageOf(error));
      }
    },
  };
}

interface ChildTurn {
  worktree: string;
  prompt: string;
}

/** Our agent's turn on the child's log, its tools' workspace the worktree. */
async function ourTurn(deps: ParallelCommandDeps, run: ChildRun, childSession: string, turn: ChildTurn) {
  const settings = deps.settings();
  const provider = await deps.providers.create(settings);
  const folder = vscode.Uri.file(turn.worktree);
  const turnContext = await prepareTurnContext(settings, provider, folder);
  const opened: WritableSession = run.store.openForWrite(childSession);
  const approvalLog = new ApprovalLog();
  const watching = approvalLog.watch(opened.session);
  const autoApprove = (): boolean => deps.settings().autoApprove;
  const approvals = new Approvals({ gate: deps.approvalGate, autoApprove, onDecision: approvalLog.onDecision });
  const tools = buildTurnTools({
    settings,
    workspaceFolder: folder,
    approvals,
    approvalLog,
    provider,
    store: run.store,
    observer: {},
    log: deps.log,
    turnContext,
  });
  try {
    return await runTurn(opened.session, turn.prompt, {
      provider,
      tools: tools.registry,
      maxSteps: settings.maxSteps,
      signal: run.signal,
      system: turnContext.system,
      context: turnContext.context,
      verifyCompletion: settings.verifyCompletion,
      reapproveOnScopeChange: settings.reapproveOnScopeChange,
    });
  } finally {
    tools.owned.dispose();
    watching.dispose();
    opened.dispose();
  }
}

/** The ACP agent's turn on the child's log, the agent started in the worktree. */
async function acpTurn(
  deps: ParallelCommandDeps,
  run: ChildRun,
  childSession: string,
  turn: ChildTurn,
): Promise<TurnEndReason> {
  const settings = deps.settings();
  const resolved = resolveAcpAgent(run.agent, settings.acpAgents, process.env, turn.worktree);
  if (!resolved.ok) throw new Error(resolved.message);
  const { AcpAgentSession } = await import('../../core/acp-client/acp-agent-session');
  const session = await AcpAgentSession.open({
    launch: resolved.launch,
    cwd: turn.worktree,
    env: process.env,
    clientVersion: deps.clientVersion,
    openLog: () => run.store.openForWrite(childSession),
    approvals: { gate: deps.approvalGate, autoApprove: settings.autoApprove },
    tools: workspaceToolPolicy(settings, deps.log),
  });
  try {
    return await session.prompt(turn.prompt, run.signal);
  } finally {
    await session.close();
  }
}
