// A model's answer as a typed, sanitized Markdown tree, made on the HOST and sent as
// part of the presented view; the webview renders it as components and never parses
// Markdown or builds HTML strings. Parsed by micromark (CommonMark, linear time) with
// GFM (tables, task lists, strikethrough, autolinks) into mdast, then reduced to the
// few node kinds we paint:
// - raw HTML is kept as the characters it is (text), never markup;
// - links keep only http(s) and mailto targets (anything else becomes text with the
//   target shown); images become their alt text (the view loads nothing);
// - nesting deeper than MAX_MARKDOWN_DEPTH is flattened to text, so a hostile answer
//   (`>>>>…` ten thousand deep) cannot exhaust a stack here or in the renderer.
// The tree's types and schema are protocol/markdown-schema.ts (the webview imports them from there).
import type { Nodes, Parents, PhrasingContent, RootContent, Definition } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import type { MdBlock, MdInline } from '../protocol/markdown-schema';

export type { MdBlock } from '../protocol/markdown-schema';

const MAX_MARKDOWN_DEPTH = 24;
const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** Container markers (`>`, list bullets, indentation) a line may open with before it is shown as plain text. */
const MAX_CONTAINER_PREFIX = 200;
const DEEP_PREFIX = new RegExp(`^[ \\t>*+-]{${MAX_CONTAINER_PREFIX},}`, 'm');

/**
 * The answer's blocks. Pure; linear in the text's length. An answer nested deeper
 * than any real one (a line opening with hundreds of `>`), or one the parser cannot
 * take, is shown as one plain paragraph: mdast's own tree walks recurse per level.
 */
export function markdownTree(text: string): MdBlock[] {
  if (DEEP_PREFIX.test(text)) return plainBlocks(text);
  try {
    return convert(text);
  } catch {
    return plainBlocks(text);
  }
}

function plainBlocks(text: string): MdBlock[] {
  return text === '' ? [] : [{ t: 'p', c: [{ t: 'text', v: text }] }];
}

function convert(text: string): MdBlock[] {
  const root = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const definitions = new Map<string, Definition>();
  for (const node of root.children) if (node.type === 'definition') definitions.set(node.identifier, node);
  return blocks(root.children, 0, definitions);
}

/** The text of a subtree, without recursion (the subtree may be thousands of levels deep). */
function plain(root: Nodes): string {
  const out: string[] = [];
  const stack: Nodes[] = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if ('value' in node && typeof node.value === 'string') out.push(node.value);
    else if (node.type === 'image' || node.type === 'imageReference') out.push(node.alt ?? '');
    else if (node.type === 'break') out.push('\n');
    else if ('children' in node)
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
  }
  return out.join('');
}

function blocks(nodes: readonly RootContent[], depth: number, defs: Map<string, Definition>): MdBlock[] {
  const out: MdBlock[] = [];
  for (const node of nodes) {
    const b = block(node, depth, defs);
    if (b) out.push(b);
  }
  return out;
}

function block(node: RootContent, depth: number, defs: Map<string, Definition>): MdBlock | null {
  if (depth > MAX_MARKDOWN_DEPTH) return { t: 'p', c: [{ t: 'text', v: plain(node) }] };
  switch (node.type) {
    case 'paragraph':
      return { t: 'p', c: inlines(node.children, depth + 1, defs) };
    case 'heading':
      return { t: 'h', level: node.depth, c: inlines(node.children, depth + 1, defs) };
    case 'code':
      return { t: 'code', lang: node.lang ?? '', v: node.value };
    case 'blockquote':
      return { t: 'quote', c: blocks(node.children, depth + 1, defs) };
    case 'list':
      return {
        t: 'list',
        ordered: node.ordered === true,
        start: node.start ?? 1,
        tight: node.spread !== true && node.children.every((i) => i.spread !== true),
        items: node.children.map((item) => ({
          checked: item.checked ?? null,
          c: blocks(item.children, depth + 1, defs),
        })),
      };
    case 'thematicBreak':
      return { t: 'hr' };
    case 'table': {
      const [head, ...rows] = node.children.map((row) =>
        row.children.map((cell) => inlines(cell.children, depth + 1, defs)),
      );
      return { t: 'table', align: (node.align ?? []).map((a) => a ?? null), head: head ?? [], rows };
    }
    case 'html':
      return { t: 'p', c: [{ t: 'text', v: node.value }] };
    case 'definition':
      return null;
    default:
      // Anything else (footnote definitions, stray phrasing): its text, as a paragraph.
      return { t: 'p', c: [{ t: 'text', v: plain(node) }] };
  }
}

function inlines(nodes: readonly PhrasingContent[], depth: number, defs: Map<string, Definition>): MdInline[] {
  const out: MdInline[] = [];
  for (const node of nodes) {
    const i = inline(node, depth, defs);
    const last = out[out.length - 1];
    // Adjacent text merges (raw HTML and references leave several).
    if (i.t === 'text' && last?.t === 'text') last.v += i.v;
    else out.push(i);
  }
  return out;
}

function inline(node: PhrasingContent, depth: number, defs: Map<string, Definition>): MdInline {
  if (depth > MAX_MARKDOWN_DEPTH) return { t: 'text', v: plain(node) };
  const children = (parent: Parents & { children: PhrasingContent[] }): MdInline[] =>
    inlines(parent.children, depth + 1, defs);
  switch (node.type) {
    case 'text':
    case 'html':
      return { t: 'text', v: node.value };
    case 'inlineCode':
      return { t: 'code', v: node.value };
    case 'emphasis':
      return { t: 'em', c: children(node) };
    case 'strong':
      return { t: 'strong', c: children(node) };
    case 'delete':
      return { t: 'del', c: children(node) };
    case 'break':
      return { t: 'br' };
    case 'link':
      return link(node.url, children(node), plain(node));
    case 'linkReference': {
      const def = defs.get(node.identifier);
      return def ? link(def.url, children(node), plain(node)) : { t: 'text', v: plain(node) };
    }
    case 'image':
    case 'imageReference':
      return { t: 'text', v: node.alt ?? '' };
    default:
      return { t: 'text', v: plain(node) };
  }
}

function link(url: string, label: MdInline[], labelText: string): MdInline {
  if (SAFE_URL.test(url)) return { t: 'link', href: url, c: label };
  return { t: 'text', v: labelText === url ? url : `${labelText} (${url})` };
}
