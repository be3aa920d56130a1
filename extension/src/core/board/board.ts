// Every plan in one board: the session folder's logs (this editor's, a CLI `run`'s,
// the `mcp` server's clients', imports and followed agents' logs), the followed agents'
// own files for a folder, and the plan file on every branch of the folder's git
// repository; one card each, in the board's order (board-card.ts). A source that
// cannot be read is a card `unreadable` with its reason, never a failure of the board.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { orderCards, type BoardCard } from './board-card';
import { gitOutput } from './branch-git';
import { readBranchPlans } from './branch-plans';
import { databaseCards, followedCards, followedFiles } from './followed-cards';
import { planFileName } from './plan-file-name';
import { readSessionCard, reasonOf, unreadableCard, type CardClock, type SessionCardOptions } from './session-card';
import { brandedError, errorGuard } from '../error-brand';

export interface BoardSources {
  /** The session folder (absent or missing: no session cards). */
  sessionDir?: string;
  /** More session folders, read as `sessionDir` is (the editor's window has several). */
  sessionDirs?: readonly string[];
  /** A folder: its followed agents' sessions, and its git repository's branches. */
  folder?: string;
  /** The plan file's path in the repository, when named (plan-file-name.ts says the default). */
  planFile?: string;
  /** Where the followed agents keep their files; absent: none are read. */
  homes?: Readonly<Record<string, string>>;
  /**
   * Read the agents' databases too: the CLI does; the editor's follower
   * writes their sessions into its session folder, whose logs the board reads.
   */
  databases?: boolean;
}

export async function readBoard(sources: BoardSources, options: SessionCardOptions): Promise<BoardCard[]> {
  const dirs = [...(sources.sessionDir === undefined ? [] : [sources.sessionDir]), ...(sources.sessionDirs ?? [])];
  const sessions = dirs.flatMap((dir) => sessionCards(dir, options));
  const known = new Set(sessions.map((c) => c.id));
  const { folder, homes } = sources;
  const followed =
    folder === undefined || homes === undefined
      ? []
      : [
          ...followedCards(followedFiles(homes, folder), known, options),
          ...(sources.databases === true ? databaseCards(homes, folder, known, options) : []),
        ];
  const branches = sources.folder === undefined ? [] : await branchCards(sources.folder, sources.planFile, options);
  return orderCards([...sessions, ...followed, ...branches]);
}

function sessionCards(dir: string, options: SessionCardOptions): BoardCard[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const cards: BoardCard[] = [];
  for (const name of names.sort()) {
    if (!name.endsWith('.jsonl') || name.startsWith('.')) continue;
    const card = readSessionCard(path.join(dir, name), options);
    if (card !== null) cards.push(card);
  }
  return cards;
}

/** The root of the git repository `folder` is in; undefined when it is in none. */
export async function repositoryRoot(folder: string): Promise<string | undefined> {
  try {
    return (await gitOutput(folder, ['rev-parse', '--show-toplevel'])).trim();
  } catch {
    return undefined;
  }
}

/** The branches' cards of the repository `folder` is in; none when it is in none. */
async function branchCards(folder: string, planFile: string | undefined, clock: CardClock): Promise<BoardCard[]> {
  const repo = await repositoryRoot(folder);
  if (repo === undefined) return [];
  const named = planFileName(repo, planFile);
  if (!named.ok) throw new BoardUsageError(named.message);
  try {
    return await readBranchPlans(repo, named.path, clock);
  } catch (error) {
    return [unreadableCard('branch', repo, 'git', reasonOf(error), new Date(clock.nowMs).toISOString())];
  }
}

/** The sources asked for cannot be read as asked (a plan file outside the repository). */
export class BoardUsageError extends brandedError('BoardUsageError') {}

export const isBoardUsageError = errorGuard<BoardUsageError>('BoardUsageError');
