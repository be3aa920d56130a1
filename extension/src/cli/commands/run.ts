// `run [options] <prompt>`: one turn of a headless session, through the same core
// the extension uses. A new session unless --session names one to continue. It
// offers every tool the catalog knows (the built-in ones, as the extension does, and
// any a program embedding the CLI registered in core/tools/built-in.ts's toolCatalog)
// unless --tools says otherwise;
// the system prompt names the workspace and carries its rules file; --compact
// summarizes the stored history before the prompt; --context-window sets the
// model's window (0/absent: the provider's known default).
// Workspace tools act on --cwd (default: the current folder), which the user chose
// by running the CLI there, so it counts as trusted. Calls that need approval
// (bash, write_file, edit_file) run with --yes; without it they are asked about on
// a terminal (when main() is given `ask`) and refused, with a hint, otherwise.
// --plan-first: the turn plans first and its proposal is decided as run-plan-first.ts
// says; `run --session <id>` with no prompt goes on from a decision `approve` made.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compactContext, hasSomethingToCompact } from '../../core/agent/compaction';
import { contextUse, estimateRequestTokens } from '../../core/agent/context-budget';
import { runTurn } from '../../core/agent/loop';
import { cliCheckpointsBase } from '../../core/checkpoints/location';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';
import type { CheckpointTaker } from '../../core/checkpoints/step-checkpoints';
import { deriveMessages } from '../../core/agent/derive-messages';
import type { ModelProvider } from '../../core/agent/provider';
import { finalAssistantText } from '../../core/agent/final-text';
import { planAsText } from '../../core/plan/summaries';
import { visibleControls } from '../../core/terminal-text';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { Session } from '../../core/session/session';
import { SessionFolds } from '../../core/plan/session-folds';
import type { TurnEndReason } from '../../core/session/events';
import { promptGate, type AskLine } from '../../core/tools/approvals';
import { agentConfig, agentWorkspace, type AgentConfig, type AgentFlags, type AgentWorkspace } from '../agent-runtime';
import { isSessionId } from '../session-flags';
import type { TodoWritePolicy } from '../../core/plan/todo-write-rules';
import { readHandOverSource, seedHandOver, startItem, type HandOverSource } from './run-plan-work';
import { planReviewGate, reportProposal, runPrompt, type PlanFirstFlags } from '../run-plan-first';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';
import { reportRepair } from '../open-log';

export interface RunFlags extends AgentFlags, PlanFirstFlags {
  prompt: string;
  session?: string;
  /** Compact the stored history before the prompt. */
  compact?: boolean;
  /** The workspace folder the tools act on (relative to the process folder). */
  cwd?: string;
  json: boolean;
  /** An ACP agent's built-in id (commands/run-acp.ts runs it instead of our agent). */
  agent?: string;
  /** An ACP agent's command line, split as a shell splits words. */
  agentCommand?: string;
  /** on|off (default on): checkpoints of the workspace before its changes (core/checkpoints/). */
  checkpoints?: string;
  /** Tell the model, once, which items it marked completed are flagged (`--verify-completion on|off`, default on). */
  verifyCompletion: boolean;
  /** With --session: start this plan item (1-based; run-plan-work.ts). */
  item?: string;
  /** A log whose standing plan the new session begins with (run-plan-work.ts). */
  from?: string;
}

export function workspaceRoot(io: CliIo, flag: string | undefined): string {
  if (flag === undefined) return io.cwd;
  const root = path.resolve(io.cwd, flag);
  let isFolder = false;
  try {
    isFolder = fs.statSync(root).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new UsageError(`--cwd ${JSON.stringify(flag)} is not a folder (${root})`);
  return root;
}

export async function runCommand(io: CliIo, flags: RunFlags, signal: AbortSignal, ask?: AskLine): Promise<number> {
  if (flags.checkpoints !== undefined && flags.checkpoints !== 'on' && flags.checkpoints !== 'off')
    throw new UsageError(`--checkpoints must be on or off (got ${JSON.stringify(flags.checkpoints)})`);
  let root = io.cwd;
  const config = agentConfig(io, flags, () => (root = workspaceRoot(io, flags.cwd)));
  if (flags.session !== undefined && !isSessionId(flags.session)) {
    throw new UsageError(
      `--session takes a session id such as 20261201T080600-abc123 (letters, digits, '.', '_' and '-'), ` +
        `not a path (got ${JSON.stringify(flags.session)})`,
    );
  }
  if (flags.item !== undefined && flags.session === undefined) throw new UsageError('--item needs --session <id>');
  if (flags.from !== undefined && flags.session !== undefined)
    throw new UsageError('--from starts a new session: give --from or --session, not both');
  const handOver = flags.from === undefined ? null : readHandOverSource(io, flags.from, policyOf(config.allowParallel));
  if (handOver === null && flags.from !== undefined) return EXIT_FAILED;
  const workspace = await agentWorkspace(io, config, root, {
    gate: ask ? promptGate(ask) : null,
    subagentObserver: {
      onStart: (_child, link) => {
        if (!flags.json)
          io.err(
            `\n— subagent ${visibleControls(JSON.stringify(link.description))} ` +
              `started (session ${link.childSessionId})`,
          );
      },
      onEnd: (_child, link, outcome) => {
        if (!flags.json) io.err(`— subagent ${visibleControls(JSON.stringify(link.description))} ended: ${outcome}`);
      },
    },
  });
  try {
    if (flags.session !== undefined && !config.store.exists(flags.session)) {
      io.err(`no session ${JSON.stringify(flags.session)} in ${config.store.dir}`);
      return EXIT_FAILED;
    }
    return await runInSession(io, flags, signal, config, workspace, ask, handOver);
  } finally {
    workspace.owned.dispose();
  }
}

/** The session's standing plan, folded as it changes, and echoed on stderr each time it does (not with --json). */
export function echoPlan(
  io: CliIo,
  flags: { json?: boolean },
  session: Session,
): { plan: SessionFolds; following: { dispose(): void } } {
  const plan = SessionFolds.over(session.events, { transcript: null });
  const following = plan.follow(session, (change) => {
    if (flags.json || !change.plan) return;
    const state = plan.planState;
    io.err(state === null ? '— plan cleared' : `— plan\n${visibleControls(planAsText(state.todos))}`);
  });
  return { plan, following };
}

/**
 * How a run ended: with --json one object on stdout (`sessionId`, `logPath`,
 * `finalText`, `plan`, `turnEnd`, and `extra`), else a line on stderr; the exit code.
 */
export function reportRun(
  io: CliIo,
  flags: { json?: boolean },
  run: { session: Session; logPath: string; plan: StandingPlan | null; turnEnd: TurnEndReason },
  extra: Record<string, unknown> = {},
): number {
  const { session, turnEnd } = run;
  if (flags.json) {
    const finalText = finalAssistantText(session.events, session.lastTurn);
    io.out(
      JSON.stringify({ sessionId: session.id, logPath: run.logPath, finalText, plan: run.plan, turnEnd, ...extra }),
    );
  } else {
    io.write('\n');
    io.err(
      `— turn ${session.lastTurn} ended: ` +
        `${visibleControls(describeTurnEnd(turnEnd), { keepLayout: false })} (session ${session.id})`,
    );
  }
  // A plan waiting for its decision is an expected end: the run did what it was asked.
  return turnEnd.kind === 'completed' || turnEnd.kind === 'awaiting-approval' ? EXIT_OK : EXIT_FAILED;
}

async function runInSession(
  io: CliIo,
  flags: RunFlags,
  signal: AbortSignal,
  config: AgentConfig,
  workspace: AgentWorkspace,
  ask: AskLine | undefined,
  handOver: HandOverSource | null,
): Promise<number> {
  const { store } = config;
  const deps = { ...workspace, provider: config.provider, maxSteps: config.maxSteps, window: config.window };
  const opened =
    flags.session === undefined
      ? store.create({ cwd: deps.root, title: flags.prompt.slice(0, 80), source: { kind: 'cli' } })
      : store.openForWrite(flags.session);
  reportRepair(opened, (line) => io.err(line));
  if (handOver) seedHandOver(opened.session, handOver);
  const watching = deps.approvalLog.watch(opened.session);
  const { plan, following } = echoPlan(io, flags, opened.session);
  try {
    if (flags.compact) {
      const failed = await compactBeforePrompt(io, flags, opened.session, deps, plan.standingPlan, signal);
      if (failed !== null) return failed;
    }
    const started =
      flags.item === undefined
        ? null
        : await startItem(io, opened.session, flags.item, flags.prompt, policyOf(config.allowParallel));
    if (started !== null && 'exit' in started) return started.exit;
    const prompt = started?.prompt ?? runPrompt(flags.prompt, opened.session);
    const checkpoints = checkpointTaker(io, flags.checkpoints, deps.root);
    const planFirst = planReviewGate(io, flags, opened.session, () => plan.planState, {
      ask,
      allowParallelInProgress: config.allowParallel ?? true,
    });
    const turnEnd = await runTurn(opened.session, prompt, {
      ...(planFirst ? { planFirst } : {}),
      ...(checkpoints ? { checkpoints } : {}),
      verifyCompletion: flags.verifyCompletion,
      provider: deps.provider,
      tools: deps.tools,
      maxSteps: deps.maxSteps,
      signal,
      system: deps.system,
      context: { window: deps.window },
      onDelta: (d) => {
        // Only this session's text goes to stdout; subagents report through their own logs.
        if (d.sessionId !== opened.session.id) return;
        if (!flags.json && d.kind === 'text') io.write(visibleControls(d.text));
        if (!flags.json && d.kind === 'reset')
          io.err(
            `\n— model request failed (${visibleControls(d.message, { keepLayout: false })}); ` +
              `retry ${d.attempt} in ${d.delayMs} ms`,
          );
      },
    });
    const events = opened.session.events;
    const context = {
      ...contextUse(
        events,
        () =>
          estimateRequestTokens({
            system: deps.system,
            tools: deps.tools.specs(),
            messages: deriveMessages(events, { plan: plan.standingPlan }),
          }),
        deps.window,
      ),
      compactions: events.filter((e) => e.type === 'context/compact').length,
    };
    const proposal =
      turnEnd.kind === 'awaiting-approval'
        ? reportProposal(io, flags, plan.planState, opened.path, opened.session.id)
        : {};
    return reportRun(
      io,
      flags,
      { session: opened.session, logPath: opened.path, plan: plan.standingPlan, turnEnd },
      { context, rules: deps.env.rules?.file ?? null, ...proposal },
    );
  } finally {
    following.dispose();
    watching.dispose();
    opened.dispose();
  }
}

/** The parallel policy of a user edit: the flag's, else true (the durable invariant is silent on it). */
function policyOf(allowParallel: boolean | undefined): TodoWritePolicy {
  return { allowParallelInProgress: allowParallel ?? true };
}

/** `--checkpoints on|off`: the workspace's shadow repository in the CLI's state folder, or none (our or ACP runs). */
export function checkpointTaker(io: CliIo, flag: string | undefined, root: string): CheckpointTaker | null {
  if (flag === 'off') return null;
  const repo = ShadowRepo.of(cliCheckpointsBase(io.env), root);
  return { checkpoint: () => repo.checkpoint(), onError: (message) => io.err(`agent-checklist: ${message}`) };
}

/** `--compact`: summarize the stored history first; null to go on, else the exit code. */
async function compactBeforePrompt(
  io: CliIo,
  flags: RunFlags,
  session: Session,
  deps: { provider: ModelProvider; window: number },
  plan: StandingPlan,
  signal: AbortSignal,
): Promise<number | null> {
  if (!hasSomethingToCompact(session)) {
    if (!flags.json) io.err('— nothing to compact yet');
    return null;
  }
  try {
    const event = await compactContext(session, { provider: deps.provider, window: deps.window, plan, signal });
    if (!flags.json) io.err(`— conversation compacted (up to event ${event.data.upToSeq})`);
    return null;
  } catch (error) {
    io.err(
      'compacting failed: ' +
        visibleControls(error instanceof Error ? error.message : String(error), { keepLayout: false }),
    );
    return EXIT_FAILED;
  }
}

export function describeTurnEnd(reason: TurnEndReason): string {
  switch (reason.kind) {
    case 'completed':
      return 'completed';
    case 'max-steps':
      return `max-steps (${reason.maxSteps})`;
    case 'error':
      return `error: ${reason.message}`;
    case 'aborted':
    case 'interrupted':
      return reason.kind;
    case 'awaiting-approval':
      return 'awaiting-approval (the proposed plan waits for a decision)';
  }
}
