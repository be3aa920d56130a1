// `run --agent <id> <prompt>` / `run --agent-command "<command line>" <prompt>`: one
// turn of an ACP agent (core/acp-client) on a new session log in --session-dir
// (default: .agent-checklist/sessions), the same log our own agent writes: its plans,
// its calls and every approval. --agent names a built-in agent (found on PATH);
// --agent-command is split as a shell splits words (quotes honoured, nothing
// expanded). The agent's permission requests are asked on a terminal, answered with
// its allow option under --yes, and rejected otherwise. The flags that choose OUR
// model and tools (--provider, --tools, --allow-parallel-in-progress, ...) do not
// apply to another agent and are ignored.
import { finalAssistantText } from '../../core/agent/subagent-run';
import { AcpAgentSession } from '../../core/acp-client/acp-agent-session';
import { launchFromWords, resolveAcpAgent, type AcpAgentResolution } from '../../core/acp-client/agent-catalog';
import { CommandLineError, splitCommandLine } from '../../core/acp-client/command-line';
import { planAsText } from '../../core/plan/summaries';
import { SessionFolds } from '../../core/presenters/session-folds';
import { SessionStore } from '../../core/store/session-store';
import { visibleControls } from '../../core/terminal-text';
import { promptGate, type AskLine } from '../../core/tools/approvals';
import { UNATTENDED_HINT } from '../agent-runtime';
import type { CliIo } from '../io';
import { sessionFolder } from '../session-flags';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import { ownVersion } from './mcp';
import { describeTurnEnd, workspaceRoot, type RunFlags } from './run';

function resolveLaunch(io: CliIo, flags: RunFlags, root: string): AcpAgentResolution {
  if (flags.agent !== undefined && flags.agentCommand !== undefined) throw new UsageError('give --agent or --agent-command, not both');
  if (flags.session !== undefined) throw new UsageError('--session does not apply to an ACP agent yet: each run is a new session');
  if (flags.compact) throw new UsageError('--compact does not apply to an ACP agent (it keeps its own context)');
  if (flags.agent !== undefined) return resolveAcpAgent(flags.agent, {}, io.env, root);
  let words: string[];
  try {
    words = splitCommandLine(flags.agentCommand ?? '');
  } catch (error) {
    if (error instanceof CommandLineError) throw new UsageError(`--agent-command: ${error.message}`);
    throw error;
  }
  return launchFromWords(words, io.env, root);
}

export async function runAcpCommand(io: CliIo, flags: RunFlags, signal: AbortSignal, ask?: AskLine): Promise<number> {
  const root = workspaceRoot(io, flags.cwd);
  const resolved = resolveLaunch(io, flags, root);
  if (!resolved.ok) {
    io.err(`agent-checklist: ${resolved.message}`);
    return EXIT_FAILED;
  }
  const store = new SessionStore(sessionFolder(io, flags.sessionDir));
  const session = await AcpAgentSession.open({
    launch: resolved.launch,
    cwd: root,
    env: io.env,
    clientVersion: ownVersion(),
    openLog: (source) => store.create({ cwd: root, title: flags.prompt.slice(0, 80), source }),
    approvals: { gate: ask ? promptGate(ask) : null, autoApprove: flags.yes === true, unattendedHint: UNATTENDED_HINT },
    onUpdate: (update) => {
      if (flags.json) return;
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text') io.write(visibleControls(update.content.text));
    },
  });
  const opened = session.log;
  const plan = SessionFolds.over(opened.session.events, { transcript: null });
  const following = plan.follow(opened.session, (change) => {
    if (flags.json || !change.plan) return;
    const state = plan.planState;
    io.err(state === null ? '— plan cleared' : `— plan\n${visibleControls(planAsText(state.todos))}`);
  });
  try {
    const turnEnd = await session.prompt(flags.prompt, signal);
    const finalText = finalAssistantText(opened.session.events, opened.session.lastTurn);
    if (flags.json) {
      io.out(JSON.stringify({ sessionId: opened.session.id, logPath: opened.path, finalText, plan: plan.standingPlan, turnEnd }));
    } else {
      io.write('\n');
      io.err(`— turn ${opened.session.lastTurn} ended: ${visibleControls(describeTurnEnd(turnEnd), { keepLayout: false })} (session ${opened.session.id})`);
    }
    return turnEnd.kind === 'completed' ? EXIT_OK : EXIT_FAILED;
  } finally {
    following.dispose();
    await session.close();
  }
}
