// One copy of esbuild's CommonJS helpers per process, for the production build's second
// pass (scripts/build.mjs). esbuild's ES module -> CommonJS conversion writes its
// helpers (__export, __toCommonJS, __toESM, __copyProps, …: about 450 bytes minified)
// at the top of every file it converts, and the extension host loads some 30 files at
// activation. Here each converted file's helper definitions (matched verbatim against
// the text this esbuild writes for them, so a helper written differently simply stays)
// are replaced by one require of dist/cjs-runtime.js, which defines them once; the file
// is then minified. The helpers are pure functions of their arguments: sharing them
// changes no behaviour. Its own module so that a unit test can run it
// (test/unit/cli/cjs-runtime.test.ts).
import * as esbuild from 'esbuild';

/** The shared helpers' file, at dist/'s root. */
export const CJS_RUNTIME = 'cjs-runtime.js';

/** The options of the conversion (the build's second pass): what makes esbuild write every helper. */
export const CJS_OPTIONS = { format: 'cjs', platform: 'neutral', supported: { 'dynamic-import': false } };

/** Each helper esbuild writes, name -> its definition's text (`var __name = …;`), as this esbuild writes it. */
export function helperDefinitions() {
  const sample = 'import d, * as ns from "./a.js"; export * from "./b.js"; export { d, ns }; import("./c.js");';
  const { code } = esbuild.transformSync(sample, CJS_OPTIONS);
  const definitions = new Map();
  for (const part of code.split(/\n(?=var )/)) {
    const match = /^var (__\w+) = [\s\S]*;$/.exec(part.trim());
    if (match !== null) definitions.set(match[1], part.trim());
  }
  for (const name of ['__export', '__copyProps', '__toCommonJS', '__toESM', '__reExport'])
    if (!definitions.has(name)) throw new Error(`cjs-runtime: esbuild ${esbuild.version} wrote no ${name}`);
  return definitions;
}

/** dist/cjs-runtime.js's text: every helper, exported by its name. */
export function runtimeText(definitions = helperDefinitions()) {
  return `"use strict";\n${[...definitions.values()].join('\n')}\nmodule.exports = { ${[...definitions.keys()].join(', ')} };\n`;
}

/**
 * `code` (a converted file, not minified) with the helper definitions it holds replaced
 * by a require of `runtimePath` (the shared file, relative to this one) for the helpers
 * its own code still names.
 */
export function shareHelpers(code, runtimePath, definitions = helperDefinitions()) {
  let text = code;
  const removed = [];
  for (const [name, definition] of definitions) {
    if (!text.includes(`${definition}\n`)) continue;
    text = text.replace(`${definition}\n`, '');
    removed.push(name);
  }
  const used = removed.filter((name) => new RegExp(`\\b${name}\\b`).test(text));
  if (used.length === 0) return text;
  const strict = /^(#!.*\n)?("use strict";\n)?/.exec(text)[0];
  const load = `var { ${used.join(', ')} } = require(${JSON.stringify(runtimePath)});\n`;
  return `${strict}${load}${text.slice(strict.length)}`;
}
