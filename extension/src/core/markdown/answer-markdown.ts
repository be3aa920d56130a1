// An answer's Markdown tree, with the parser loaded at the first answer that needs it.
// The parser (micromark + GFM + mdast, about 110 KB minified) is its own bundle,
// dist/markdown.js (LAZY_MODULES in scripts/build.mjs), so activation and a CLI
// command that presents no answer never parse it. The transcript presenter is
// synchronous (a pure fold), so the load is a synchronous `require` of the module: the
// build rewrites the literal path to `./markdown.js` beside the main bundle (and fails
// the build on a static import of markdown-tree.ts from a main bundle); under tsx (the
// unit tests) the same `require` loads the TypeScript module. The load is paid once,
// at the first answer (a few ms; `npm run bench -- bundle` reports it).
import type { MdBlock } from '../protocol/markdown-schema';

type MarkdownModule = Pick<typeof import('./markdown-tree'), 'markdownTree'>;
/** CommonJS's require (the host's bundles and tsx): declared here since the webview's typecheck, which sees this file through the protocol, has no Node types. */
declare const require: (id: './markdown-tree') => unknown;
let parser: MarkdownModule | undefined;

/** `text` as a sanitized Markdown tree (markdown-tree.ts: pure, linear in the text's length). */
export function answerMarkdown(text: string): MdBlock[] {
  parser ??= require('./markdown-tree') as MarkdownModule;
  return parser.markdownTree(text);
}
