// `import <file> [--session-dir <dir>]`: another agent's own session file (a Claude
// Code transcript or a Codex rollout, told apart by content) made into one of our
// session logs (core/import/import-log.ts: one plan version per plan write, the
// agent's own times; importing the same file again rewrites the same log). Stdout:
// what was read, a note when lines were skipped, and the log's path as the LAST line.
// A file it cannot read exits 1 and leaves no log behind. A session whose agent did
// not offer its model a plan tool (core/import/plan-notice.ts) is imported as it is,
// with one warning line on stderr saying how to turn the tool on.
// `import <opencode.db> [--cwd <folder>]`: opencode's database (told by its SQLite
// header) holds every folder's sessions; each session of `--cwd` (the current folder by
// default) is made into one log, and stdout is those logs' paths, one a line, oldest
// session first. A database with no session of the folder exits 1.
// `import <tasks.md>`: a plan file (spec-kit, Kiro, our checklist) as a new session
// (import-plan-file.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isAgentFileError } from '../../core/import/read-agent-file';
import { importAgentFile } from '../../core/import/import-log';
import { agentHomes } from '../../core/import/agent-session-files';
import { claudeSettingsFile, planNoticeOfFile, planNoticeWarning } from '../../core/import/plan-notice';
import { IMPORTED_AGENT_NAMES } from '../../core/session/source';
import { visibleControls } from '../../core/terminal-text';
import { EXIT_FAILED, EXIT_OK } from '../usage';
import type { CliIo } from '../io';
import { sessionFolder } from '../session-flags';
import { importOpencodeSessions } from '../../core/import/opencode-follower';
import { isOpencodeDbError, isSqliteFile } from '../../core/import/opencode-session';
import { importPlanFile, isPlanFileText } from './import-plan-file';

export function importCommand(
  io: CliIo,
  file: string,
  opts: { sessionDir: string | undefined; cwd: string | undefined },
): number {
  const dir = sessionFolder(io, opts.sessionDir);
  const source = path.resolve(io.cwd, file);
  if (isSqliteFile(source)) return importOpencode(io, source, path.resolve(io.cwd, opts.cwd ?? '.'), dir);
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
      `imported ${versions} from ${IMPORTED_AGENT_NAMES[info.agent]} ` +
        `${info.version ?? '(version unknown)'} session ${info.sessionId ?? ''}`,
      { keepLayout: false },
    ),
  );
  if (skipped > 0) io.out(`note: skipped ${skipped} line${skipped === 1 ? '' : 's'} it does not understand`);
  const notice = planNoticeOfFile(info);
  if (notice !== undefined) {
    const settings = claudeSettingsFile(agentHomes(io.env).claudeConfigDir);
    io.err(visibleControls(`agent-checklist: ${planNoticeWarning(notice, info, settings)}`, { keepLayout: false }));
  }
  io.out(result.path);
  return EXIT_OK;
}

function importOpencode(io: CliIo, dbFile: string, folder: string, sessionDir: string): number {
  let imported;
  try {
    imported = importOpencodeSessions(dbFile, folder, sessionDir);
  } catch (error) {
    if (!isOpencodeDbError(error)) throw error;
    io.err(`agent-checklist: ${visibleControls(error.message, { keepLayout: false })}`);
    return EXIT_FAILED;
  }
  if (imported.length === 0) {
    io.err(visibleControls(`agent-checklist: ${dbFile} has no opencode session of ${folder}`, { keepLayout: false }));
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
