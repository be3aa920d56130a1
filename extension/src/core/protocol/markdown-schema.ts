// The Markdown tree of an answer (made on the host by core/markdown/markdown-tree.ts)
// as the webview receives it: the types (the webview's), and the schema of the
// protocol's specification (zod/mini, recursive through getters; host-side and in
// tests, see host-message-check.ts).
import * as z from 'zod/mini';

export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'em' | 'strong' | 'del'; c: MdInline[] }
  | { t: 'link'; href: string; c: MdInline[] }
  | { t: 'br' };

export interface MdListItem {
  /** GFM task list item: true/false; null for an ordinary item. */
  checked: boolean | null;
  c: MdBlock[];
}

export type MdAlign = 'left' | 'center' | 'right' | null;

export type MdBlock =
  | { t: 'p'; c: MdInline[] }
  | { t: 'h'; level: number; c: MdInline[] }
  | { t: 'code'; lang: string; v: string }
  | { t: 'quote'; c: MdBlock[] }
  | { t: 'list'; ordered: boolean; start: number; tight: boolean; items: MdListItem[] }
  | { t: 'hr' }
  | { t: 'table'; align: MdAlign[]; head: MdInline[][]; rows: MdInline[][][] };

/**
 * How an answer's text is shown. `pending`: its Markdown is being parsed (off the
 * host's event loop, core/markdown/markdown-parser.ts), shown as plain text until the
 * host posts its tree; `parsed`: the tree; `plain`: the parse passed its deadline, the
 * text is shown as plain text with a note saying so.
 */
export type AnswerMarkdown = { kind: 'pending' } | { kind: 'parsed'; blocks: MdBlock[] } | { kind: 'plain' };

const mdInlineSchema: z.ZodMiniType<MdInline> = z.union([
  z.strictObject({ t: z.literal('text'), v: z.string() }),
  z.strictObject({ t: z.literal('code'), v: z.string() }),
  z.strictObject({
    t: z.enum(['em', 'strong', 'del']),
    get c() {
      return z.array(mdInlineSchema);
    },
  }),
  z.strictObject({
    t: z.literal('link'),
    href: z.string(),
    get c() {
      return z.array(mdInlineSchema);
    },
  }),
  z.strictObject({ t: z.literal('br') }),
]);

const cells = z.array(z.array(mdInlineSchema));

const mdListItemSchema: z.ZodMiniType<MdListItem> = z.strictObject({
  checked: z.nullable(z.boolean()),
  get c() {
    return z.array(mdBlockSchema);
  },
});

export const mdBlockSchema: z.ZodMiniType<MdBlock> = z.union([
  z.strictObject({ t: z.literal('p'), c: z.array(mdInlineSchema) }),
  z.strictObject({ t: z.literal('h'), level: z.number(), c: z.array(mdInlineSchema) }),
  z.strictObject({ t: z.literal('code'), lang: z.string(), v: z.string() }),
  z.strictObject({
    t: z.literal('quote'),
    get c() {
      return z.array(mdBlockSchema);
    },
  }),
  z.strictObject({
    t: z.literal('list'),
    ordered: z.boolean(),
    start: z.number(),
    tight: z.boolean(),
    items: z.array(mdListItemSchema),
  }),
  z.strictObject({ t: z.literal('hr') }),
  z.strictObject({
    t: z.literal('table'),
    align: z.array(z.nullable(z.enum(['left', 'center', 'right']))),
    head: cells,
    rows: z.array(cells),
  }),
]);

export const answerMarkdownSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('pending') }),
  z.strictObject({ kind: z.literal('parsed'), blocks: z.array(mdBlockSchema) }),
  z.strictObject({ kind: z.literal('plain') }),
]) satisfies z.ZodMiniType<AnswerMarkdown>;
