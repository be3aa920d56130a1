// Each item of every plan version keeps an identity across versions (`itemId`), derived
// from the log alone, so a replay gives the same ids. A version (a todo/write or a
// todo/user-edit) is matched against the version before it (whatever a turn/start did
// to the standing plan): the same text is the same item; then the best match by words
// (word overlap, Dice coefficient ≥ 1/2, the highest first, ties to the nearer place);
// (only while the unmatched items make at most WORD_PAIRS pairs: the cost is bounded);
// then an item at the same place is the same item reworded. What is left is a new
// item, whose id is `<seq of its version>-<its 1-based place there>`. Each item also
// carries `changedSeq`: the seq of the version that last changed its text or status
// (where it first appeared, else), which says whether a comment was addressed.
// The ids are ours: the todo_write contract the model sees has none.
import type { SessionEvent } from '../session/events';
import type { Projection } from '../session/projection';
import type { TodoItem, TodoStatus } from './todo-schema';

export interface IdentifiedItem {
  readonly itemId: string;
  readonly content: string;
  readonly status: TodoStatus;
  /** The seq of the version that last changed this item's text or status, or added it. */
  readonly changedSeq: number;
}

export interface IdentifiedVersion {
  /** The seq of the todo/write or todo/user-edit that wrote this version. */
  readonly seq: number;
  readonly items: readonly IdentifiedItem[];
}

/** The latest plan version with its items' ids; null before the first. */
export const itemIdentityProjection: Projection<IdentifiedVersion | null> = {
  init: null,
  apply(state, event: SessionEvent) {
    switch (event.type) {
      case 'todo/write':
      case 'todo/user-edit':
        return identifyVersion(state, event.seq, event.data.todos);
      default:
        return state;
    }
  },
};

/** Version `seq` with `todos`, its items matched against `before` (module header). */
export function identifyVersion(
  before: IdentifiedVersion | null,
  seq: number,
  todos: readonly TodoItem[],
): IdentifiedVersion {
  const old = before?.items ?? [];
  const match = matchItems(
    old.map((item) => item.content),
    todos.map((item) => item.content),
  );
  const items = todos.map((todo, index): IdentifiedItem => {
    const was = match[index] === undefined ? undefined : old[match[index]];
    if (!was) return { itemId: `${seq}-${index + 1}`, content: todo.content, status: todo.status, changedSeq: seq };
    const changed = was.content !== todo.content || was.status !== todo.status;
    return {
      itemId: was.itemId,
      content: todo.content,
      status: todo.status,
      changedSeq: changed ? seq : was.changedSeq,
    };
  });
  return { seq, items };
}

/** For each new text's index, the index of the old text that is the same item (undefined: a new item). */
export function matchItems(old: readonly string[], next: readonly string[]): (number | undefined)[] {
  const match: (number | undefined)[] = next.map(() => undefined);
  const taken = new Set<number>();
  const take = (n: number, o: number): void => {
    match[n] = o;
    taken.add(o);
  };
  const oldIndex = new Map<string, number>();
  old.forEach((text, i) => oldIndex.set(text, i));
  next.forEach((text, n) => {
    const o = oldIndex.get(text);
    if (o !== undefined && !taken.has(o)) take(n, o);
  });
  for (const [n, o] of wordMatches(old, next, match, taken)) if (match[n] === undefined && !taken.has(o)) take(n, o);
  next.forEach((_, n) => {
    if (match[n] === undefined && n < old.length && !taken.has(n)) take(n, n);
  });
  return match;
}

const WORD_PAIRS = 10_000;

/** Candidate pairs [new, old] of the unmatched items sharing words, best first (module header). */
function wordMatches(
  old: readonly string[],
  next: readonly string[],
  match: readonly (number | undefined)[],
  taken: ReadonlySet<number>,
): [number, number][] {
  const unmatched = match.filter((m) => m === undefined).length;
  const pairsLeft = unmatched * (old.length - taken.size);
  if (pairsLeft === 0 || pairsLeft > WORD_PAIRS) return []; // none left to pair (a first version), or too many
  const oldWords = old.map((text, o) => (taken.has(o) ? null : words(text)));
  const pairs: { n: number; o: number; score: number }[] = [];
  next.forEach((text, n) => {
    if (match[n] !== undefined) return;
    const mine = words(text);
    oldWords.forEach((theirs, o) => {
      const score = theirs === null ? 0 : dice(mine, theirs);
      if (score >= 0.5) pairs.push({ n, o, score });
    });
  });
  pairs.sort((a, b) => b.score - a.score || Math.abs(a.n - a.o) - Math.abs(b.n - b.o) || a.n - b.n || a.o - b.o);
  return pairs.map((p) => [p.n, p.o]);
}

function words(text: string): ReadonlySet<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function dice(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return (2 * shared) / (a.size + b.size);
}
