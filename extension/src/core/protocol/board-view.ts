// The Plan Board's page (vscode/board/, webview/src/board/): what the host posts, one
// map per direction as messages.ts does for the Agent view. The host presents every
// word (state words, counts, times, action labels, the page's strings) and posts the
// whole view on each change: a board is a few hundred small cards, and the page has no
// fold of its own. Webview -> host is untrusted input, validated here with zod on the
// host (parseBoardMessage); the webview imports only types from this file.
import * as z from 'zod/mini';
import { BOARD_SOURCES, BOARD_STATES } from '../domain-literals';
import { describeIssues, isOwnKey, type Parsed } from './messages';

/** What a card's button does: the window's plan-first decision, or open the plan where it lives. */
const BOARD_ACTIONS = ['approve', 'reject', 'open'] as const;

const boardCardViewSchema = z.strictObject({
  /** The card's key: its source and id (a session id, a branch's ref). */
  key: z.string(),
  source: z.enum(BOARD_SOURCES),
  state: z.enum(BOARD_STATES),
  /** Who, the title, the state's word, `3/5`, the item in progress, when it last changed: as shown. */
  agent: z.string(),
  title: z.string(),
  stateWord: z.string(),
  counts: z.string(),
  active: z.nullable(z.string()),
  updated: z.string(),
  /** ISO time of `updated` (the page's `<time datetime>`). */
  updatedAt: z.string(),
  needsYou: z.boolean(),
  actions: z.array(z.strictObject({ action: z.enum(BOARD_ACTIONS), label: z.string() })),
});
export type BoardCardView = z.infer<typeof boardCardViewSchema>;

/** The page's words, every one localized by the host. */
export const BOARD_STRINGS = {
  title: 'Plan Board',
  needsYou: 'Needs you',
  otherPlans: 'Other plans',
  filter: 'Filter plans',
  state: 'State',
  agent: 'Agent',
  any: 'Any',
  fetch: 'Fetch',
  fetching: 'Fetching…',
  empty: 'No plan matches.',
  loading: 'Reading the plans…',
  activeItem: 'In progress: {0}',
} as const;
export type BoardStrings = { readonly [K in keyof typeof BOARD_STRINGS]: string };

const boardViewSchema = z.strictObject({
  cards: z.array(boardCardViewSchema),
  /** Each state's word, for the state filter. */
  states: z.array(z.strictObject({ state: z.enum(BOARD_STATES), word: z.string() })),
  strings: z.record(z.string(), z.string()),
  fetching: z.boolean(),
  /** The last fetch's or read's problem, shown as is (control characters already made visible). */
  problem: z.nullable(z.string()),
});
export type BoardView = Omit<z.infer<typeof boardViewSchema>, 'strings'> & { strings: BoardStrings };

/**
 * Host -> webview: the one message, the whole view. The host checks what it posts
 * against this schema (a view that is not one is a bug in its presenter); the page,
 * which carries no zod, checks only the type.
 */
export const boardHostMessageSchema = z.strictObject({ type: z.literal('board'), view: boardViewSchema });
export interface BoardHostMessage {
  type: 'board';
  view: BoardView;
}

const key = z.string().check(z.minLength(1), z.maxLength(4096));

/** Webview -> host: each message's fields besides `type`, validated when the host receives it. */
const boardWebviewMessageFields = {
  ready: z.strictObject({}),
  fetch: z.strictObject({}),
  /** A card's button: its action on the card `key`. */
  act: z.strictObject({ key, action: z.enum(BOARD_ACTIONS) }),
};
/** Each type's fields; none (`z.strictObject({})` infers an index signature of never) adds nothing. */
type BoardWebviewFields = {
  [K in keyof typeof boardWebviewMessageFields]: string extends keyof z.infer<(typeof boardWebviewMessageFields)[K]>
    ? object
    : z.infer<(typeof boardWebviewMessageFields)[K]>;
};
type BoardWebviewType = keyof BoardWebviewFields;
export type BoardWebviewMessage<K extends BoardWebviewType = BoardWebviewType> = {
  [P in K]: { type: P } & BoardWebviewFields[P];
}[K];

const schemas: { readonly [K in BoardWebviewType]: z.ZodMiniType<BoardWebviewFields[K]> } = boardWebviewMessageFields;

/** A board page's message when `data` is one (closed: no other field). */
export function parseBoardMessage(data: unknown): Parsed<BoardWebviewMessage> {
  if (typeof data !== 'object' || data === null || !('type' in data))
    return { ok: false, error: '(message): not an object with a type' };
  const { type, ...fields } = data;
  if (typeof type !== 'string' || !isOwnKey(schemas, type))
    return { ok: false, error: `type: unknown (${String(type)})` };
  return parseFields(type, fields);
}

function parseFields<K extends BoardWebviewType>(type: K, fields: unknown): Parsed<BoardWebviewMessage<K>> {
  const result = schemas[type].safeParse(fields);
  if (!result.success) return { ok: false, error: describeIssues(result.error) };
  const message: BoardWebviewMessage<K> = { type, ...result.data };
  return { ok: true, message };
}
