// The webview's `data-testid` attributes are for the tests (the component tests render
// the sources; the integration and e2e tiers and the benches drive the development
// build): the production build (`scripts/build.mjs --production`, what `npm run
// package` packs) carries none. This esbuild plugin blanks them out of our sources
// before esbuild parses them, in production only, and in every build checks that each
// `data-testid` is written in a form it removes whole:
//   data-testid="plan-strip"                          (a string literal), or
//   data-testid={main ? 'plan-strip' : 'child-plan-strip'}   (a name choosing between two)
// Anything else (`data-testid={id}`, a spread, the name in a string) fails the build
// with its file and line, so the strip cannot miss one; and a production build whose
// output still contains `data-testid` fails too.
// Why a source transform and not a `define` constant: a constant needs
// `data-testid={TEST_IDS ? 'x' : undefined}` at every use, and preact's props objects
// would still carry the `"data-testid":void 0` keys after minifying.
import { readFile } from 'node:fs/promises';

export const TEST_ID = 'data-testid';
/** The forms the strip removes whole (the condition is a plain name or property path, so dropping it drops no effect). */
const ATTRIBUTE = /(?<=\s)data-testid=(?:"[^"\n{}]*"|\{[\w.]+ \? '[^'\n]*' : '[^'\n]*'\})/g;
const SOURCE = /\.tsx?$/;

/** The 1-based line of `index` in `text`. */
function lineOf(text, index) {
  return text.slice(0, index).split('\n').length;
}

/**
 * Checks every `data-testid` in one source file; returns the text to compile (the
 * attributes blanked with as many spaces when `strip`, so lines and columns stay) or
 * the first misuse.
 */
export function testIdsIn(text, strip) {
  const attributes = [...text.matchAll(ATTRIBUTE)].map((m) => m.index);
  let at = text.indexOf(TEST_ID);
  while (at !== -1) {
    if (!attributes.includes(at)) return { error: { line: lineOf(text, at), text: `${TEST_ID} must be a JSX attribute with a string literal (data-testid="x") or a name choosing between two (data-testid={flag ? 'a' : 'b'}): the production build removes exactly those (scripts/webview-test-ids.mjs)` } };
    at = text.indexOf(TEST_ID, at + TEST_ID.length);
  }
  return { contents: strip ? text.replace(ATTRIBUTE, (attribute) => ' '.repeat(attribute.length)) : text };
}

/** The emitted JavaScript of a finished build: in memory (write: false) or read back from its outfile. */
async function emitted(build, result) {
  if (result.outputFiles) return result.outputFiles.filter((f) => f.path.endsWith('.js')).map((f) => ({ path: f.path, text: f.text }));
  const file = build.initialOptions.outfile;
  return file ? [{ path: file, text: await readFile(file, 'utf8') }] : [];
}

/** The plugin: `strip` in the production build; the check runs in every build. */
export function webviewTestIds({ strip }) {
  return {
    name: 'webview-test-ids',
    setup(build) {
      build.onLoad({ filter: SOURCE }, async (args) => {
        if (args.path.includes('node_modules')) return undefined;
        const text = await readFile(args.path, 'utf8');
        const checked = testIdsIn(text, strip);
        if (checked.error) return { errors: [{ text: checked.error.text, location: { file: args.path, line: checked.error.line } }] };
        return { contents: checked.contents, loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts' };
      });
      if (!strip) return;
      build.onEnd(async (result) => {
        if (result.errors.length > 0) return undefined;
        const left = (await emitted(build, result)).filter((file) => file.text.includes(TEST_ID));
        return { errors: left.map((file) => ({ text: `${file.path} (production) still contains ${TEST_ID} (scripts/webview-test-ids.mjs)` })) };
      });
    },
  };
}
