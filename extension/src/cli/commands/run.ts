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
import { runTurn } from '../../core/agent/loop';
import type { TurnChecks } from '../../core/agent/turn-options';
import { cliCheckpointsBase } from '../../core/checkpoints/location';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';
import type { CheckpointTaker } from '../../core/checkpoints/step-checkpoints';
import type { ModelProvider } from '../../core/agent/provider';
import { visibleControls } from '../../core/terminal-text';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { Session } from '../../core/session/session';
import type { SessionFolds } from '../../core/plan/session-folds';
import { promptGate, type AskLine } from '../../core/tools/approvals';
import { agentConfig, agentWorkspace, type AgentConfig, type AgentFlags, type AgentWorkspace } from '../agent-runtime';
import { isSessionId } from '../session-flags';
import type { TodoWritePolicy } from '../../core/plan/todo-write-rules';
import { readHandOverSource, seedHandOver, startItem, type HandOverSource } from './run-plan-work';
import { planChangedExit, planReviewGate, reportProposal, runPrompt, type PlanFirstFlags } from '../run-plan-first';
import { EXIT_FAILED, UsageError } from '../usage';
import type { CliIo } from '../io';
import { reportRepair } from '../open-log';
import { withItemChecks } from '../run-checks';
import { contextReport, deltaPrinter, echoPlan, reportRun } from './run-report';

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
  /** Plan first asks again when the approved plan grows (`--reapprove-on-scope-change on|off`, default on). */
  reapproveOnScopeChange: boolean;
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
    return await withItemChecks(io, config, deps.root, opened.session, signal, (checks) =>
      promptTurn(io, flags, signal, { config, deps, opened, plan, ask, checks }, prompt),
    );
  } finally {
    following.dispose();
    watching.dispose();
    opened.dispose();
  }
}

/** What one turn of `run` is given: the agent's set-up, the opened session and its folded plan. */
interface TurnSetUp {
  config: AgentConfig;
  deps: AgentWorkspace & { provider: ModelProvider; maxSteps: number; window: number };
  opened: { session: Session; path: string };
  plan: SessionFolds;
  ask: AskLine | undefined;
  /** The items' checks run when the model completes an item (cli/run-checks.ts). */
  checks: TurnChecks;
}

/** The prompt's turn, then its report; the exit code. */
async function promptTurn(
  io: CliIo,
  flags: RunFlags,
  signal: AbortSignal,
  { config, deps, opened, plan, ask, checks }: TurnSetUp,
  prompt: string | null,
): Promise<number> {
  const checkpoints = checkpointTaker(io, flags.checkpoints, deps.root);
  const planFirst = planReviewGate(io, flags, opened.session, () => plan.planState, {
    ask,
    allowParallelInProgress: config.allowParallel ?? true,
  });
  const turnEnd = await runTurn(opened.session, prompt, {
    ...(planFirst ? { planFirst } : {}),
    ...(checkpoints ? { checkpoints } : {}),
    verifyCompletion: flags.verifyCompletion,
    reapproveOnScopeChange: flags.reapproveOnScopeChange,
    checks,
    provider: deps.provider,
    tools: deps.tools,
    maxSteps: deps.maxSteps,
    signal,
    system: deps.system,
    context: { window: deps.window },
    onDelta: deltaPrinter(io, flags, opened.session.id),
  });
  const proposal =
    turnEnd.kind === 'awaiting-approval'
      ? reportProposal(io, flags, plan.planState, opened.path, opened.session.id)
      : {};
  const code = reportRun(
    io,
    flags,
    { session: opened.session, logPath: opened.path, plan: plan.standingPlan, turnEnd },
    {
      context: contextReport(opened.session.events, deps, plan.standingPlan),
      rules: deps.env.rules?.file ?? null,
      ...proposal,
    },
  );
  return (turnEnd.kind === 'awaiting-approval' && planChangedExit(io, opened.session.events)) || code;
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
