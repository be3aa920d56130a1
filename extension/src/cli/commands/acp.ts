// `acp [run options]`: our own agent served over the Agent Client Protocol on stdio,
// for Zed, JetBrains or any ACP client: the same model, tools, policy and logs as
// `run` (the flags are checked before anything is served), each ACP session one of
// our session logs with the cwd the client gave, in --session-dir or else that
// folder's .agent-checklist/sessions (where the extension shows it). What ACP sends
// and answers: cli/acp-stdio.ts. Stdout carries only the protocol; diagnostics go to
// stderr. The server lives as long as stdin (cli/stdio-lifetime.ts).
import { agentConfig, type AgentFlags } from '../agent-runtime';
import { serveUntilClosed, type StdioStreams } from '../stdio-lifetime';
import { EXIT_OK } from '../usage';
import type { CliIo } from '../io';
import { ownVersion } from './mcp';

export async function acpCommand(
  io: CliIo,
  flags: AgentFlags,
  signal: AbortSignal,
  streams: StdioStreams = { stdin: process.stdin, stdout: process.stdout },
): Promise<number> {
  const config = agentConfig(io, flags);
  const log = (line: string) => io.err(`agent-checklist acp: ${line}`);
  // The ACP SDK is loaded here, not at start: its bundle (dist/acp-server.js) is for this command only.
  const { serveAcpOnStdio } = await import('../acp-stdio');
  const server = serveAcpOnStdio(streams, { io, config, version: ownVersion(), log });
  await serveUntilClosed(streams, server, signal, log);
  return EXIT_OK;
}
