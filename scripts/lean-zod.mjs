// zod/mini without zod's schema compiler and JSON Schema generator, for our modules in
// the process build (scripts/build.mjs). esbuild gives a file to every entry that reaches
// it through any import, used or not, and zod's core index re-exports the compiler and
// the JSON Schema generator (and the locales): with zod/mini reaching that index, they
// would land in the chunk the extension host loads at activation, though only lazy entries use them
// (core/zod-compiler.ts and core/tools/json-schema.ts, which import them from
// 'zod/v4/core', and the SDKs). This plugin resolves our modules' 'zod/mini' to a lean
// copy of zod/mini's export list, and zod/mini's schema files' core index to a lean
// copy of the core index (both re-exports only, no code of their own), which leave
// those modules out. The SDKs' imports of zod reach zod's own files, whole. A zod whose
// files no longer hold the lines this removes fails the build, naming them; our code
// using a name it drops fails the build too (import-is-undefined is an error there).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const NAMESPACE = 'lean-zod';
/** zod's modules that zod/mini's own code never uses: the compiler and the JSON Schema generator. */
const LEFT_OUT_MODULES = [
  './compile.js',
  './memoizer.js',
  './to-json-schema.js',
  './json-schema-processors.js',
  './json-schema-generator.js',
  './json-schema.js',
];
/** zod/mini's exports that come from those modules. */
const LEFT_OUT_NAMES = [
  'memoizer',
  'INVALID',
  'compile',
  'withParser',
  'ZodCompileAsyncError',
  'ZodCompileUnsupportedError',
];
const MINI_TO_JSON_SCHEMA = 'export { toJSONSchema } from "../core/json-schema-processors.js";';
/**
 * The locales' namespace, in both indexes: our code never reads it (core/zod-english.ts loads the English
 * messages lazily, from 'zod/locales'), and through it the English locale would be in what activation loads.
 */
const LOCALES = 'export * as locales from "../locales/index.js";';
const ZOD_V4 = /^(.*[\\/]node_modules[\\/]zod[\\/]v4)[\\/]/;
/** zod/mini's files (not its export list, external.js) import the core index as '../core/index.js'. */
const MINI_SCHEMA_FILE = /[\\/]node_modules[\\/]zod[\\/]v4[\\/]mini[\\/](?!external\.js$)[^\\/]+\.js$/;
const OURS = /[\\/]extension[\\/]src[\\/]/;
/** The lean files: each one's path in NAMESPACE -> the zod file it is made from and how. */
const LEAN_FILES = {
  'mini/index.lean.js': ['mini/external.js', (text, file) => leanMiniIndex(leanMiniExternal(text, file))],
  'core/index.lean.js': ['core/index.js', (text, file) => leanCoreIndex(text, file)],
};

function fail(file, what) {
  throw new Error(`lean-zod: ${file} no longer holds ${what}; update scripts/lean-zod.mjs for this zod`);
}

/** The core index's text without the re-exports of LEFT_OUT_MODULES. */
export function leanCoreIndex(text, file = 'zod/v4/core/index.js') {
  const lines = text.split('\n');
  for (const module of LEFT_OUT_MODULES)
    if (!lines.some((line) => line.includes(`from "${module}"`))) fail(file, `a re-export of ${module}`);
  if (!lines.includes(LOCALES)) fail(file, LOCALES);
  return lines
    .filter((line) => line !== LOCALES && !LEFT_OUT_MODULES.some((module) => line.includes(`from "${module}"`)))
    .join('\n');
}

/** zod/mini's external.js without LEFT_OUT_NAMES and toJSONSchema. */
export function leanMiniExternal(text, file = 'zod/v4/mini/external.js') {
  if (!text.includes(MINI_TO_JSON_SCHEMA)) fail(file, MINI_TO_JSON_SCHEMA);
  if (!text.includes(LOCALES)) fail(file, LOCALES);
  let lean = text.replace(MINI_TO_JSON_SCHEMA, '').replace(LOCALES, '');
  for (const name of LEFT_OUT_NAMES) {
    const listed = new RegExp(`([{,]\\s*)${name}\\s*,`);
    if (!listed.test(lean)) fail(file, `${name} in its export list`);
    lean = lean.replace(listed, '$1');
  }
  return lean;
}

/** zod/mini's index (`z` and every export) over the lean export list's text. */
function leanMiniIndex(externalText) {
  return `${externalText.replaceAll('from "../core/index.js"', 'from "../core/index.lean.js"')}\nexport * as z from "./index.lean.js";\n`;
}

export const leanZod = {
  name: NAMESPACE,
  setup(build) {
    build.onResolve({ filter: /^zod\/mini$/ }, async (args) => {
      if (!OURS.test(args.importer)) return undefined;
      const real = await build.resolve('zod/v4/core', { kind: args.kind, resolveDir: args.resolveDir });
      const v4 = ZOD_V4.exec(real.path)?.[1];
      if (v4 === undefined) return { errors: [{ text: `lean-zod: zod/v4/core resolved to ${real.path}` }] };
      return { path: join(v4, 'mini/index.lean.js'), namespace: NAMESPACE };
    });
    build.onResolve({ filter: /^\.\.\/core\/index(\.lean)?\.js$|^\.\/index\.lean\.js$/ }, (args) => {
      const lean = args.namespace === NAMESPACE || MINI_SCHEMA_FILE.test(args.importer);
      if (!lean) return undefined;
      return {
        path: join(args.resolveDir, args.path.replace(/index(\.lean)?\.js$/, 'index.lean.js')),
        namespace: NAMESPACE,
      };
    });
    build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
      const v4 = ZOD_V4.exec(args.path)?.[1];
      const [source, make] = LEAN_FILES[args.path.slice(v4.length + 1).replaceAll('\\', '/')];
      const file = join(v4, source);
      return { contents: make(readFileSync(file, 'utf8'), file), resolveDir: dirname(file), loader: 'js' };
    });
  },
};
