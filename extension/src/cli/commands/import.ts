// `import <file> [--session-dir <dir>]`: another agent's own session file (one of the
// followed agents' JSONL files, core/import/followed-agents.ts, told apart by content)
// made into one of our session logs (core/import/import-log.ts: one plan version per
// plan write, the agent's own times; importing the same file again rewrites the same
// log). Stdout: what was read, a note when lines were skipped, and the log's path as
// the LAST line. A file it cannot read exits 1 and leaves no log behind. A session
// whose agent did not offer its model a plan tool (core/import/plan-notice.ts) is
// imported as it is, with one warning line on stderr saying how to turn the tool on.
// `import <database> [--cwd <folder>]`: an agent's database (told by its content, its
// descriptor's `reading.kind` 'database') holds every folder's sessions; each session of `--cwd` (the current
// folder by default) is made into one log, and stdout is those logs' paths, one a line,
// oldest session first. A database with no session of the folder exits 1.
// `import <tasks.md>`: a plan file (spec-kit, Kiro, our checklist) as a new session
// (import-plan-file.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isAgentFileError } from '../../core/import/read-agent-file';
import { importAgentFile } from '../../core/import/import-log';
import type { DatabaseReading, FollowedAgent } from '../../core/import/followed-agent';
import { FOLLOWED_AGENTS, followedAgent } from '../../core/import/followed-agents';
import { noticeHoldsNow, planNoticeOfFile } from '../../core/import/plan-notice';
import { visibleControls } from '../../core/terminal-text';
import { EXIT_FAILED, EXIT_OK } from '../usage';
import type { CliIo } from '../io';
import { sessionFolder } from '../session-flags';
import { importPlanFile, isPlanFileText } from './import-plan-file';

export async function importCommand(
  io: CliIo,
  file: string,
  opts: { sessionDir: string | undefined; cwd: string | undefined },
): Promise<number> {
  const dir = sessionFolder(io, opts.sessionDir);
  const source = path.resolve(io.cwd, file);
  const database = databaseOf(source);
  if (database !== undefined) return importDatabase(io, database, source, path.resolve(io.cwd, opts.cwd ?? '.'), dir);
  const planText = source.toLowerCase().endsWith('.md') ? readOrNull(source) : null;
  if (planText !== null && isPlanFileText(planText))
    return importPlanFile(io, file, planText, dir, path.resolve(io.cwd, opts.cwd ?? '.'));
  let result;
  try {
    result = importAgentFile(source, dir);
  } catch (error) {
    if (!isAgentFileError(error)) throw error;
    io.err(`agent-checklist: ${visibleControls(error.message, { keepLayout: false })}`);
    return EXIT_FAILED;
  }
  const { info, skipped } = result.file;
  const versions = `${result.versions} plan version${result.versions === 1 ? '' : 's'}`;
  io.out(
    visibleControls(
      `imported ${versions} from ${followedAgent(info.agent)?.name ?? info.agent} ` +
        `${info.version ?? '(version unknown)'} session ${info.sessionId ?? ''}`,
      { keepLayout: false },
    ),
  );
  if (skipped > 0) io.out(`note: skipped ${skipped} line${skipped === 1 ? '' : 's'} it does not understand`);
  const notice = planNoticeOfFile(info, FOLLOWED_AGENTS);
  const home = notice?.agent.home(io.env, os.homedir());
  if (notice !== undefined && home !== undefined && (await noticeHoldsNow(notice, home))) {
    const warning = notice.agent.reading.load().warning?.(info, home);
    if (warning !== undefined) io.err(visibleControls(`agent-checklist: ${warning}`, { keepLayout: false }));
  }
  io.out(result.path);
  return EXIT_OK;
}

/** The agent whose database `file` is, if it is one. */
function databaseOf(file: string): { agent: FollowedAgent; reading: DatabaseReading } | undefined {
  for (const agent of FOLLOWED_AGENTS)
    if (agent.reading.kind === 'database' && agent.reading.load().isDatabase(file))
      return { agent, reading: agent.reading };
  return undefined;
}

function importDatabase(
  io: CliIo,
  { agent, reading }: { agent: FollowedAgent; reading: DatabaseReading },
  dbFile: string,
  folder: string,
  sessionDir: string,
): number {
  const reader = reading.load();
  let imported;
  try {
    imported = reader.importAll(dbFile, folder, sessionDir);
  } catch (error) {
    const message = reader.readError(error);
    if (message === undefined) throw error;
    io.err(`agent-checklist: ${visibleControls(message, { keepLayout: false })}`);
    return EXIT_FAILED;
  }
  if (imported.length === 0) {
    const none = `agent-checklist: ${dbFile} has no ${agent.name} session of ${folder}`;
    io.err(visibleControls(none, { keepLayout: false }));
    return EXIT_FAILED;
  }
  for (const result of imported) io.out(result.path);
  return EXIT_OK;
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null; // the agent file reader says why
  }
}
