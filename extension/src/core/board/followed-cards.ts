// The cards of the followed agents' own session files for a folder (every agent whose
// sessions are JSONL files): where they are and how they read is each agent's
// descriptor's (core/import/followed-agents.ts, read-agent-file.ts); this file is the
// board's one coupling to it. A file is read by its agent's reader, a large one only
// at its start and end (followed-window.ts). An agent whose sessions are in one
// database is read by its descriptor's database reader, loaded at the
// first database there is. A session already imported into the session folder (its
// log's id is taken) is left to that log's card.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TodoItem } from '../domain-literals';
import type { AgentFile, AgentMark } from '../import/agent-plan';
import type { DatabaseLimits } from '../import/followed-agent';
import { FOLLOWED_AGENTS, followedAgent } from '../import/followed-agents';
import { importedLogId } from '../import/import-log';
import { boardCard, type BoardCard } from './board-card';
import { readFollowedFile } from './followed-window';
import { mtimeOf, reasonOf, unreadableCard, type CardClock } from './session-card';
import { planCounts, planState } from './state-rules';

/** The agents' session files that belong to `folder` (`homes`: each agent's home by id, `agentHomes`). */
export function followedFiles(homes: Readonly<Record<string, string>>, folder: string): string[] {
  const resolved = path.resolve(folder);
  return FOLLOWED_AGENTS.flatMap((agent) => {
    const home = homes[agent.id];
    if (agent.reading.kind !== 'jsonl' || home === undefined) return [];
    const { files } = agent.reading.load();
    const dir = files.dirOf(home, resolved);
    if (dir === undefined) return [];
    const all = files.list(dir);
    return files.folderOf === undefined ? all : all.filter((file) => files.folderOf?.(file) === resolved);
  });
}

/** The cards of `files`, but those whose session has a log in `knownLogIds`. */
export function followedCards(
  files: readonly string[],
  knownLogIds: ReadonlySet<string>,
  clock: CardClock,
): BoardCard[] {
  const cards: BoardCard[] = [];
  for (const file of files) {
    const card = followedCard(file, clock);
    if (card !== null && !knownLogIds.has(card.id)) cards.push(card);
  }
  return cards;
}

function followedCard(file: string, clock: CardClock): BoardCard | null {
  try {
    return agentFileCard(readFollowedFile(file), file, clock);
  } catch (error) {
    return unreadableCard('followed', file, 'unknown', reasonOf(error), mtimeOf(file));
  }
}

/**
 * What the board reads of an agent's database at most (docs/cli.md): the folder's 200
 * newest sessions, each from its last 2,000 plan calls and prompts (and its first
 * prompts, for the title); no row over 1 MiB (the database reader's MAX_PART_BYTES).
 */
const DATABASE_LIMITS: DatabaseLimits = { sessions: 200, parts: 2000 };

/** The cards of the sessions of `folder` in the agents' databases (`homes` as for followedFiles). */
export function databaseCards(
  homes: Readonly<Record<string, string>>,
  folder: string,
  knownLogIds: ReadonlySet<string>,
  clock: CardClock,
): BoardCard[] {
  return FOLLOWED_AGENTS.flatMap((agent) => {
    const home = homes[agent.id];
    if (agent.reading.kind !== 'database' || home === undefined) return [];
    const file = agent.reading.file(home);
    if (!fs.existsSync(file)) return [];
    const reader = agent.reading.load();
    try {
      return reader.readAll(file, path.resolve(folder), DATABASE_LIMITS).flatMap((session) => {
        const card = agentFileCard(session, file, clock);
        return card === null || knownLogIds.has(card.id) ? [] : [card];
      });
    } catch (error) {
      const reason = reader.readError(error) ?? reasonOf(error);
      return [unreadableCard('followed', file, agent.name, reason, mtimeOf(file))];
    }
  });
}

/** A session's card from what its agent's reader made of it; null when it names no session. */
function agentFileCard({ info, marks }: AgentFile, file: string, clock: CardClock): BoardCard | null {
  if (info.sessionId === undefined) return null;
  const facts = markFacts(marks);
  return boardCard({
    source: 'followed',
    agent: followedAgent(info.agent)?.name ?? info.agent,
    id: importedLogId(info.agent, info.sessionId),
    title: info.title ?? info.sessionId,
    state: planState(facts, clock.nowMs, clock.stallMinutes),
    ...planCounts(facts.plan, false),
    updatedAt: facts.lastActivity ?? mtimeOf(file),
    path: file,
  });
}

function markFacts(marks: readonly AgentMark[]) {
  let plan: TodoItem[] | null = null;
  let turnOpen = false;
  for (const mark of marks) {
    if (mark.kind === 'plan') plan = mark.todos;
    else turnOpen = mark.kind === 'turn-start';
  }
  const lastActivity = marks.at(-1)?.ts ?? null;
  return { plan, proposalWaits: false, approvalWaits: false, turnOpen, lastActivity, flagged: false };
}
