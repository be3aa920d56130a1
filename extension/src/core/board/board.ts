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
  /** The root of `folder`'s git repository, when the caller has asked git already. */
  repository?: string;
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
  // The branches' git runs in its own processes while this thread reads the logs.
  const branches = settled(
    sources.folder === undefined ? Promise.resolve([]) : branchCards(sources.folder, sources, options),
  );
  const dirs = [...(sources.sessionDir === undefined ? [] : [sources.sessionDir]), ...(sources.sessionDirs ?? [])];
  const sessions: BoardCard[] = [];
  for (const dir of dirs) sessions.push(...(await sessionCards(dir, options)));
  const known = new Set(sessions.map((c) => c.id));
  const { folder, homes } = sources;
  const followed =
    folder === undefined || homes === undefined
      ? []
      : [
          ...followedCards(followedFiles(homes, folder), known, options),
          ...(sources.databases === true ? databaseCards(homes, folder, known, options) : []),
        ];
  return orderCards([...sessions, ...followed, ...(await branches)()]);
}

/** A promise's outcome, waited for now and given (or thrown) when asked: no rejection goes unhandled meanwhile. */
async function settled<T>(promise: Promise<T>): Promise<() => T> {
  try {
    const value = await promise;
    return () => value;
  } catch (error) {
    return () => {
      throw error;
    };
  }
}

/** How many logs are read between two turns of the event loop (the branches' git answers meanwhile). */
const LOGS_PER_TURN = 16;

async function sessionCards(dir: string, options: SessionCardOptions): Promise<BoardCard[]> {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  const cards: BoardCard[] = [];
  let read = 0;
  for (const name of names.sort()) {
    if (!name.endsWith('.jsonl') || name.startsWith('.')) continue;
    if (++read % LOGS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
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
async function branchCards(
  folder: string,
  { repository, planFile }: BoardSources,
  clock: CardClock,
): Promise<BoardCard[]> {
  const repo = repository ?? (await repositoryRoot(folder));
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
