// `mcp [--session-dir <dir>] [--allow-parallel-in-progress true|false] [--plan-file <path>]`: a stdio MCP
// server offering todo_write (the contract) and todo_read to the agent that started
// it (any MCP client: core/mcp/setup-snippets.ts writes the entries). This process is one connection,
// so one session log in the session folder, and that log's single writer (the lock).
//
// Stdout carries only the protocol; every diagnostic goes to stderr. The server ends
// when the client closes stdin, when stdout fails (EPIPE: the client died or stopped
// reading before our reply), on SIGINT/SIGTERM/SIGHUP, or when `signal` aborts; each
// closes the log's turn and releases its lock. Before serving, logs of earlier MCP
// servers that died (stale lock) are repaired, so a killed server's log reopens valid.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { repairAbandonedLogs } from '../../core/store/abandoned-logs';
import { SessionStore } from '../../core/store/session-store';
import { parseJson } from '../../core/store/parse-json';
import { EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';
import { planFilePath, planFileWriter } from '../mcp-plan-file';
import { parseBool, sessionFolder } from '../session-flags';
import { serveUntilClosed, type StdioStreams } from '../stdio-lifetime';

const DEFAULT_SESSION_DIR = '.agent-checklist/sessions';

export interface McpFlags {
  sessionDir?: string;
  allowParallelInProgress?: string;
  /** The file that keeps the session's standing plan (mcp-plan-file.ts). */
  planFile?: string;
}

export type McpStreams = StdioStreams;

const packageSchema = z.object({ version: z.string() });

/** The version users installed: dist/cli.js sits beside the extension's package.json. */
export function ownVersion(): string {
  try {
    const parsed = packageSchema.safeParse(
      parseJson(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')),
    );
    return parsed.success ? parsed.data.version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function mcpCommand(
  io: CliIo,
  flags: McpFlags,
  signal: AbortSignal,
  streams: McpStreams = { stdin: process.stdin, stdout: process.stdout },
): Promise<number> {
  const allowParallelInProgress = parseBool('--allow-parallel-in-progress', flags.allowParallelInProgress);
  if (allowParallelInProgress === undefined)
    throw new UsageError('mcp needs --allow-parallel-in-progress true|false (the todo_write policy)');
  const store = new SessionStore(sessionFolder(io, flags.sessionDir ?? DEFAULT_SESSION_DIR));
  const log = (line: string) => io.err(`agent-checklist mcp: ${line}`);
  const planFile = flags.planFile === undefined ? undefined : planFilePath(io.cwd, flags.planFile);

  const sweep = repairAbandonedLogs(store.dir, (header) => header.source?.kind === 'mcp');
  for (const r of sweep.repaired)
    log(
      `repaired ${r.path} (its server stopped without closing it): ` +
        `cut ${r.cutBytes} torn bytes, appended ${r.appended} event(s)`,
    );
  for (const f of sweep.failed) log(`could not repair ${f.path}: ${f.message}`);

  // The MCP SDK is loaded here, not at start: its bundle (dist/mcp.js) is most of the CLI's size.
  const { serveOnStdio } = await import('../mcp-stdio');
  const server = await serveOnStdio(streams, {
    store,
    policy: { allowParallelInProgress },
    cwd: io.cwd,
    version: ownVersion(),
    log,
    ...(planFile === undefined ? {} : { onPlanWritten: planFileWriter(planFile, log) }),
  });
  await serveUntilClosed(streams, server, signal, log);
  return EXIT_OK;
}
