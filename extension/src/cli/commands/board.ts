// `board [--session-dir <dir>] [--cwd <repo>] [--plan-file <path>] [--format text|json]`:
// every plan in one list (core/board): the session folder's logs, the followed
// agents' sessions for the folder, and the plan file on every branch of its git
// repository. `agentChecklist.stallMinutes` is the repository's .vscode/settings.json's
// (else the folder's, outside a repository), else its default. JSON: the cards as
// core/board/board-card.ts says (docs/cli.md); text: one line each, its title (a
// branch's: its name), state and `completed/total`, with control characters made
// visible. A source that cannot be read is a card `unreadable`, never a failure: the
// command exits 0.
import * as path from 'node:path';
import type { BoardCard } from '../../core/board/board-card';
import { isBoardUsageError, readBoard, repositoryRoot } from '../../core/board/board';
import { readRepoSettings } from '../../core/board/repo-settings';
import { agentHomes } from '../../core/import/followed-agents';
import { visibleControls } from '../../core/terminal-text';
import { toolCatalog } from '../../core/tools/built-in';
import type { CliIo } from '../io';
import { sessionFolder } from '../session-flags';
import { EXIT_OK, UsageError } from '../usage';

export interface BoardFlags {
  sessionDir?: string;
  cwd?: string;
  planFile?: string;
  format?: string;
}

/** agentChecklist.stallMinutes' default, when the repository's .vscode/settings.json does not set it. */
const STALL_MINUTES = 10;

export async function boardCommand(io: CliIo, flags: BoardFlags): Promise<number> {
  const format = flags.format ?? 'text';
  if (format !== 'text' && format !== 'json')
    throw new UsageError(`--format must be text or json (got ${JSON.stringify(format)})`);
  const folder = path.resolve(io.cwd, flags.cwd ?? '.');
  const sessionDir = sessionFolder({ ...io, cwd: flags.sessionDir === undefined ? folder : io.cwd }, flags.sessionDir);
  const repository = await repositoryRoot(folder);
  const settings = readRepoSettings(repository ?? folder);
  let cards: BoardCard[];
  try {
    cards = await readBoard(
      {
        sessionDir,
        folder,
        ...(repository === undefined ? {} : { repository }),
        homes: agentHomes(io.env),
        databases: true,
        ...(flags.planFile === undefined ? {} : { planFile: flags.planFile }),
      },
      {
        nowMs: Date.now(),
        stallMinutes: settings.stallMinutes ?? STALL_MINUTES,
        asksApproval: (tool) => toolCatalog.get(tool)?.asksApproval ?? false,
      },
    );
  } catch (error) {
    if (isBoardUsageError(error)) throw new UsageError(error.message);
    throw error;
  }
  if (format === 'json') io.out(JSON.stringify(cards));
  else for (const card of cards) io.out(cardLine(card));
  return EXIT_OK;
}

function cardLine(card: BoardCard): string {
  const name = card.branch ?? card.title;
  const line = `${name}  ${card.state}  ${card.completed}/${card.total}  ${card.agent}`;
  const why = card.reason === undefined ? '' : `  (${card.reason})`;
  return visibleControls(line + why, { keepLayout: false });
}
