// `run --agent <id> <prompt>` / `run --agent-command "<command line>" <prompt>`: one
// turn of an ACP agent (core/acp-client) on a new session log in --session-dir
// (default: .agent-checklist/sessions), or on the ACP session `--session <id>` names,
// with that session's own agent (run-acp-session.ts; `run` goes there for such a
// session without --agent), the same log our own agent writes: its plans,
// its calls and every approval. --agent names a built-in agent (found on PATH);
// --agent-command is split as a shell splits words (quotes honoured, nothing
// expanded). The agent's permission requests are asked on a terminal, answered with
// its allow option under --yes, and rejected otherwise. The agent may read and write
// the workspace and run commands through us (core/acp-client/acp-client-tools.ts),
// under our tools' policy: --yes, --keep-env and --bash-network apply. The flags that
// choose OUR model and tools (--provider, --tools, --allow-parallel-in-progress, ...)
// do not apply to another agent and are ignored. The agent's own plan mode is plan
// first (core/acp-client/acp-plan-mode.ts): when it asks to leave it, its plan is
// proposed and decided as `run --plan-first`'s is — on a terminal a / e / r, with
// --approve-plan approved at once, else left on the log undecided (the agent is
// told to keep planning). --plan-first itself does not apply: the agent plans in its
// own mode.
import { launchFromWords, resolveAcpAgent, type AcpAgentResolution } from '../../core/acp-client/agent-catalog';
import { isCommandLineError, splitCommandLine } from '../../core/acp-client/command-line';
import { SessionStore } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import type { PlanReviewGate } from '../../core/agent/plan-first';
import { promptGate, type AskLine } from '../../core/tools/approvals';
import { DECIDE_LATER, planReviewGate } from '../run-plan-first';
import { cliToolPolicy, UNATTENDED_HINT } from '../agent-runtime';
import type { CliIo } from '../io';
import { sessionFolder } from '../session-flags';
import { EXIT_FAILED, UsageError } from '../usage';
import { ownVersion } from './mcp';
import { readHandOverSource, seedHandOver } from './run-plan-work';
import { checkpointTaker, runCommand, workspaceRoot, type RunFlags } from './run';
import { echoPlan, reportRun } from './run-report';
import { continueAcpLog, isAcpSession, sessionAgentLaunch } from './run-acp-session';

/** What --agent / --agent-command would run, and by which of them; null when neither is given. */
export function flagsLaunch(
  io: CliIo,
  flags: RunFlags,
  root: string,
): { by: 'id' | 'command'; resolved: AcpAgentResolution } | null {
  if (flags.agent !== undefined && flags.agentCommand !== undefined)
    throw new UsageError('give --agent or --agent-command, not both');
  if (flags.agent !== undefined) return { by: 'id', resolved: resolveAcpAgent(flags.agent, {}, io.env, root) };
  if (flags.agentCommand === undefined) return null;
  let words: string[];
  try {
    words = splitCommandLine(flags.agentCommand);
  } catch (error) {
    if (isCommandLineError(error)) throw new UsageError(`--agent-command: ${error.message}`);
    throw error;
  }
  return { by: 'command', resolved: launchFromWords(words, io.env, root) };
}

function resolveLaunch(io: CliIo, flags: RunFlags, root: string, store: SessionStore): AcpAgentResolution {
  if (flags.item !== undefined && flags.session === undefined) throw new UsageError('--item needs --session <id>');
  if (flags.from !== undefined && flags.session !== undefined)
    throw new UsageError('--from starts a new session: give --from or --session, not both');
  if (flags.compact) throw new UsageError('--compact does not apply to an ACP agent (it keeps its own context)');
  if (flags.planFirst)
    throw new UsageError(
      '--plan-first does not apply to an ACP agent: ' +
        'it plans in its own plan mode, whose plan is proposed to you when it asks to leave it',
    );
  const launched = flagsLaunch(io, flags, root);
  if (flags.session !== undefined) return sessionAgentLaunch(io, store, flags.session, launched, root);
  return launched?.resolved ?? { ok: false, message: 'name the agent with --agent or --agent-command' };
}

/**
 * `run`: an ACP agent's turn when --agent or --agent-command names one or --session is an ACP agent's session, else our
 * agent's.
 */
export function runAnyAgent(io: CliIo, flags: RunFlags, signal: AbortSignal, ask?: AskLine): Promise<number> {
  const acp =
    flags.agent !== undefined ||
    flags.agentCommand !== undefined ||
    isAcpSession(new SessionStore(sessionFolder(io, flags.sessionDir)), flags.session);
  return (acp ? runAcpCommand : runCommand)(io, flags, signal, ask);
}

async function runAcpCommand(io: CliIo, flags: RunFlags, signal: AbortSignal, ask?: AskLine): Promise<number> {
  const root = workspaceRoot(io, flags.cwd);
  const store = new SessionStore(sessionFolder(io, flags.sessionDir));
  const resolved = resolveLaunch(io, flags, root, store);
  if (!resolved.ok) {
    io.err(`agent-checklist: ${resolved.message}`);
    return EXIT_FAILED;
  }
  const continued =
    flags.session === undefined ? null : await continueAcpLog(io, store, { ...flags, session: flags.session });
  if (continued !== null && 'exit' in continued) return continued.exit;
  const handOver =
    flags.from === undefined ? null : readHandOverSource(io, flags.from, { allowParallelInProgress: true });
  if (handOver === null && flags.from !== undefined) return EXIT_FAILED;
  const { AcpAgentSession } = await import('../../core/acp-client/acp-agent-session');
  // The log and its plan fold exist once the session is open: the gate is made then.
  const planGate: { current: PlanReviewGate } = { current: DECIDE_LATER };
  const planReview: PlanReviewGate = { decide: (proposal, signal) => planGate.current.decide(proposal, signal) };
  const checkpoints = checkpointTaker(io, flags.checkpoints, root);
  const session = await AcpAgentSession.open({
    launch: resolved.launch,
    cwd: root,
    env: io.env,
    clientVersion: ownVersion(),
    ...(continued?.resume ? { resume: continued.resume } : {}),
    openLog: (source) => {
      if (continued !== null) return continued.opened;
      const log = store.create({ cwd: root, title: flags.prompt.slice(0, 80), source });
      if (handOver) seedHandOver(log.session, handOver);
      return log;
    },
    approvals: { gate: ask ? promptGate(ask) : null, autoApprove: flags.yes === true, unattendedHint: UNATTENDED_HINT },
    tools: cliToolPolicy(io, flags),
    planReview,
    ...(checkpoints ? { checkpoints } : {}),
    onUpdate: (update) => {
      if (flags.json) return;
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text')
        io.write(visibleControls(update.content.text));
    },
  });
  const opened = session.log;
  const { plan, following } = echoPlan(io, flags, opened.session);
  planGate.current =
    planReviewGate(
      io,
      { planFirst: true, approvePlan: flags.approvePlan === true },
      opened.session,
      () => plan.planState,
      { ask, allowParallelInProgress: true },
    ) ?? DECIDE_LATER;
  try {
    const turnEnd = await session.prompt(continued?.prompt ?? flags.prompt, signal);
    return reportRun(io, flags, { session: opened.session, logPath: opened.path, plan: plan.standingPlan, turnEnd });
  } finally {
    following.dispose();
    await session.close();
  }
}
