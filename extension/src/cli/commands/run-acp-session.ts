// `run --session <id>` of a session an ACP agent ran (its header's source `acp`)
// continues with that session's own agent, over ACP: the built-in entry whose title is
// the name the session's agent goes by (core/acp-client/agent-catalog.ts
// acpAgentOfSession), or the agent `--agent-command` starts; `--agent` must name the
// session's agent. An agent no entry names any longer is refused with its name, the
// log unchanged. With `--item <n>` the item goes in progress first (run-plan-work.ts).
// The log is continued as the extension continues it: the agent's earlier session
// loaded when it can, else a new one told our summary of the log (acp-resume-note.ts).
import { acpResume } from '../../core/acp-client/acp-resume-note';
import {
  acpAgentOfSession,
  firstResolved,
  resolveAcpAgent,
  type AcpAgentResolution,
} from '../../core/acp-client/agent-catalog';
import { isAcpSessionOf } from '../../core/session/source';
import { readHeader, type SessionStore, type WritableSession } from '../../core/store/session-store';
import type { CliIo } from '../io';
import { reportRepair } from '../open-log';
import { isSessionId } from '../session-flags';
import { UsageError } from '../usage';
import type { RunFlags } from './run';
import { startItem } from './run-plan-work';

/**
 * `--session` names an ACP agent's session in `store` (anything else, a bad id or log among them, is for our agent's
 * `run` to judge).
 */
export function isAcpSession(store: SessionStore, session: string | undefined): boolean {
  if (session === undefined || !isSessionId(session) || !store.exists(session)) return false;
  try {
    return readHeader(store.pathOf(session)).source?.kind === 'acp';
  } catch {
    return false;
  }
}

/**
 * What a continued session's agent runs: `launched` is what --agent (`by: 'id'`) or
 * --agent-command (`by: 'command'`, taken at the user's word) would run, if given.
 */
export function sessionAgentLaunch(
  io: CliIo,
  store: SessionStore,
  session: string,
  launched: { by: 'id' | 'command'; resolved: AcpAgentResolution } | null,
  root: string,
): AcpAgentResolution {
  if (!store.exists(session)) return { ok: false, message: `no session ${JSON.stringify(session)} in ${store.dir}` };
  const source = readHeader(store.pathOf(session)).source;
  const agent = acpAgentOfSession(source, {});
  if (agent === null)
    throw new UsageError(
      `session ${session} is not an ACP agent's: ` +
        "--agent and --agent-command continue only an ACP agent's session (hand its plan to one with --from)",
    );
  if (launched !== null) {
    const { resolved } = launched;
    if (launched.by === 'id' && resolved.ok && !isAcpSessionOf(source, resolved.launch.title))
      throw new UsageError(
        `session ${session} is ${agent.agent}'s (ACP); ` +
          `--agent ${resolved.launch.id} is another agent (hand its plan on with --from)`,
      );
    return resolved;
  }
  return (
    firstResolved(agent.ids, (id) => resolveAcpAgent(id, {}, io.env, root)) ?? {
      ok: false,
      message:
        `session ${session} was run by ${agent.agent} (ACP), which is no longer configured here: ` +
        'name its command with --agent-command "<command line>"',
    }
  );
}

/**
 * The session's log opened for writing and the turn's prompt (item n started first,
 * the user's words after it), with how the agent is to resume it; or the exit code
 * after saying why not (the log then unchanged and closed).
 */
export async function continueAcpLog(
  io: CliIo,
  store: SessionStore,
  flags: RunFlags & { session: string },
): Promise<{ opened: WritableSession; prompt: string; resume: ReturnType<typeof acpResume> } | { exit: number }> {
  if (flags.item === undefined && flags.prompt.trim() === '') throw new UsageError('run needs a prompt');
  const opened = store.openForWrite(flags.session);
  reportRepair(opened, (line) => io.err(line));
  let prompt = flags.prompt;
  try {
    if (flags.item !== undefined) {
      const started = await startItem(io, opened.session, flags.item, flags.prompt, { allowParallelInProgress: true });
      if ('exit' in started) {
        opened.dispose();
        return started;
      }
      prompt = started.prompt;
    }
  } catch (error) {
    opened.dispose();
    throw error;
  }
  return { opened, prompt, resume: acpResume(opened.session.events) };
}
