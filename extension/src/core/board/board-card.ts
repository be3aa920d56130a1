// One card of the plan board: one plan, wherever it lives (a session log in the
// session folder, a followed agent's own session file, the plan file on a git branch),
// and the order the board shows them in. The card is what every surface paints and
// what `agent-checklist board --format json` prints: its field names are an
// interface (docs/cli.md). Zod-free callers build cards through `boardCard`, which
// validates each against the schema.
import * as z from 'zod/mini';
import { BOARD_SOURCES, BOARD_STATES, type BoardState } from '../domain-literals';
import { compileWhenHot } from '../zod-compile-when-hot';

/** The states under "Needs you", in the order they are told apart (each card keeps its own state). */
const NEEDS_YOU: ReadonlySet<BoardState> = new Set(['needs-approval', 'waiting', 'stalled', 'flagged']);

const count = z.number().check(z.int(), z.minimum(0));

export const boardCardSchema = z.strictObject({
  source: z.enum(BOARD_SOURCES),
  /** Who: the agent's name (an MCP client's name; a branch's last commit's author). */
  agent: z.string(),
  /** The session id, or the branch's full ref name. */
  id: z.string(),
  /** The session's first prompt, or the branch's name. */
  title: z.string(),
  state: z.enum(BOARD_STATES),
  completed: count,
  total: count,
  /** A session's items whose check passed after their last change (issue 52; from the log's window). */
  verified: z.exactOptional(count),
  /** The first in-progress item's text, or null. */
  active: z.nullable(z.string()),
  /** ISO time of the latest change (for a branch: its last commit's date). */
  updatedAt: z.string(),
  /** A branch's short name (`main`, `origin/feature`). */
  branch: z.exactOptional(z.string()),
  /** Where the plan was read: the log or agent file, or the plan file's path on the branch. */
  path: z.exactOptional(z.string()),
  /** Why the plan could not be read (state `unreadable`). */
  reason: z.exactOptional(z.string()),
});
export type BoardCard = z.infer<typeof boardCardSchema>;

/** The schema's parser, compiled once hot (a board makes hundreds of cards). */
const cardReader = compileWhenHot(boardCardSchema);

/** A card, checked against the schema (a card that is not one is a bug in its reader). */
export function boardCard(card: BoardCard): BoardCard {
  const checked = cardReader.safeParse(card);
  if (!checked.success) throw checked.error;
  return checked.data;
}

export function needsYou(state: BoardState): boolean {
  return NEEDS_YOU.has(state);
}

/**
 * The board's order: the cards that need the user first, oldest first (the longest
 * wait on top); then the others, newest first; unreadable ones last. Stable for ties.
 */
export function orderCards(cards: readonly BoardCard[]): BoardCard[] {
  const rank = (card: BoardCard): number => (needsYou(card.state) ? 0 : card.state === 'unreadable' ? 2 : 1);
  const time = (card: BoardCard): number => {
    const ms = Date.parse(card.updatedAt);
    return Number.isNaN(ms) ? 0 : ms;
  };
  return cards
    .map((card, index) => ({ card, index }))
    .sort((a, b) => {
      const byRank = rank(a.card) - rank(b.card);
      if (byRank !== 0) return byRank;
      const byTime = rank(a.card) === 0 ? time(a.card) - time(b.card) : time(b.card) - time(a.card);
      return byTime !== 0 ? byTime : a.index - b.index;
    })
    .map(({ card }) => card);
}
