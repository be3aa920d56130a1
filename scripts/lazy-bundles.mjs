// What is loaded lazily, each from its own bundle, and the esbuild plugin that keeps it
// out of the main bundles (dist/extension.js, dist/cli.js): see scripts/build.mjs.
// Its own module so that a unit test can run the plugin (test/unit/cli/lazy-bundles.test.ts).
import { readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Packages loaded only when used, each from its own bundle: package name -> its
 * bundle's path under dist/ and the exports the code uses (the rest is tree-shaken;
 * the code types its import as `Pick<typeof import(pkg), …>` of these). re2-wasm (grep's
 * engine) compiles its wasm when loaded, which activation should not pay for;
 * its bundle sits beside dist/re2.wasm, which it loads from its own folder.
 */
export const LAZY_PACKAGES = {
  // Named exports only: a `default` does not survive Node's CommonJS interop of import().
  're2-wasm': { file: 're2', exports: ['RE2'] },
};

/**
 * Each remote provider's implementation with its SDK, a bundle of its own
 * (dist/providers/<name>.js): the modules the catalog imports at a provider's first
 * request (`import('./<name>')` in remote-catalog.ts, lazyProvider), so a new provider
 * needs no line here.
 */
const CATALOG = 'extension/src/core/agent/providers/remote-catalog.ts';
const catalogSource = readFileSync(new URL(`../${CATALOG}`, import.meta.url), 'utf8');
const PROVIDER_MODULES = Object.fromEntries(
  [...catalogSource.matchAll(/import\('\.\/([\w-]+)'\)/g)].map(([, name]) => [
    `extension/src/core/agent/providers/${name}.ts`,
    `providers/${name}`,
  ]),
);

/**
 * Our own modules loaded only when used, each its own bundle: the module -> its bundle's
 * path under dist/. `agent-checklist mcp` loads cli/mcp-stdio.ts (the MCP SDK's server
 * on stdio) with `await import('../mcp-stdio')` when it runs, so no other command pays
 * for the SDK. The MCP SDK may be in these bundles only. The Markdown parser
 * (core/markdown/markdown-tree.ts: micromark, GFM, mdast) is only in the
 * parser's worker thread, dist/markdown-worker.js, which core/markdown/markdown-parser.ts
 * starts at the first answer the Agent view presents. zod's schema
 * compiler (core/zod-compiler.ts) is loaded by core/zod-compile-when-hot.ts with a
 * synchronous `require('./zod-compiler')` the first time a schema turns hot (a long replay).
 */
export const LAZY_MODULES = {
  'extension/src/cli/mcp-stdio.ts': 'mcp',
  // `agent-checklist acp` loads cli/acp-stdio.ts (the ACP SDK's agent side on stdio) the same way.
  'extension/src/cli/acp-stdio.ts': 'acp-server',
  // An ACP agent's session (core/acp-client: the SDK's client side, the agent's process, our log of its turns) from here.
  'extension/src/core/acp-client/acp-agent-session.ts': 'acp-client',
  // Not loaded by require/import: core/markdown/markdown-parser.ts starts it as a worker thread from dist/markdown-worker.js.
  'extension/src/core/markdown/markdown-worker.ts': 'markdown-worker',
  // Started as a worker thread from dist/agent-follow-worker.js by core/import/agent-follow-thread.ts.
  'extension/src/core/import/agent-follow-worker.ts': 'agent-follow-worker',
  // Started as a worker thread from dist/git-worker.js by core/checkpoints/git-thread.ts: the checkpoints' git processes.
  'extension/src/core/checkpoints/git-worker.ts': 'git-worker',
  // Started as a worker thread from dist/search-worker.js by core/tools/grep/search-thread.ts: grep's searches (ripgrep's output, the JS engine).
  'extension/src/core/tools/grep/search-worker.ts': 'search-worker',
  // Imported by grep (core/tools/grep/grep-tool.ts) at a virtual workspace's first search: the engines on the host's thread.
  'extension/src/core/tools/grep/in-process-search.ts': 'grep-search',
  // Imported by core/tools/walk.ts at the first walk (list_files, grep's JS engine): the ignore files' rules and the ignore package.
  'extension/src/core/tools/ignore-rules.ts': 'ignore-rules',
  'extension/src/core/zod-compiler.ts': 'zod-compiler',
  ...PROVIDER_MODULES,
  // Imported by the bash tool (and an ACP agent's terminals) at its first command: the sandbox's set-up and the process group.
  'extension/src/core/tools/bash/run-sandboxed.ts': 'bash-run',
  // Required by core/tools/tool.ts when a turn first builds its tools: zod's JSON Schema conversion.
  'extension/src/core/tools/json-schema.ts': 'tool-json-schema',
};
/** Packages (the MCP and ACP SDKs, the model providers' SDKs, the Markdown parser) that may be only in a lazy module's bundle: importing one from a main bundle fails the build. */
const LAZY_ONLY =
  /^(@modelcontextprotocol\/sdk|@agentclientprotocol\/sdk|openai|@anthropic-ai\/sdk|micromark[^/]*|mdast-util-[^/]*)(\/.*)?$/;
// By real path: esbuild's resolveDir is one (the bench builds in a folder of symlinks to the sources).
const LAZY_MODULE_FILES = new Map(Object.entries(LAZY_MODULES).map(([module, file]) => [realpathSync(module), file]));

/**
 * In a main bundle, `import('<lazy package or module>')` becomes an import() of its
 * bundle, and `require('<lazy module>')` a require of it; a static import of one is an
 * error, and so is any import of the MCP SDK or the Markdown parser's packages.
 */
export const lazyPackages = {
  name: 'lazy-packages',
  setup(build) {
    build.onResolve({ filter: LAZY_ONLY }, (args) => ({
      errors: [
        {
          text: `${args.path}: only in a lazy bundle (dist/mcp.js, dist/acp-server.js, dist/acp-client.js, dist/providers/*.js, dist/markdown-worker.js); use it from a LAZY_MODULES module (see scripts/build.mjs)`,
        },
      ],
    }));
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      const file = LAZY_MODULE_FILES.get(target) ?? LAZY_MODULE_FILES.get(`${target}.ts`);
      if (file === undefined) return undefined;
      if (args.kind !== 'dynamic-import' && args.kind !== 'require-call')
        return {
          errors: [
            {
              text: `${args.path} is loaded lazily: use \`await import('${args.path}')\` (or a synchronous \`require\`) at the point of use (see scripts/build.mjs)`,
            },
          ],
        };
      return { path: `./${file}.js`, external: true };
    });
    const names = Object.keys(LAZY_PACKAGES).map((n) => n.replace(/[/@]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})(/.*)?$`) }, (args) => {
      const file = LAZY_PACKAGES[args.path]?.file;
      if (file === undefined)
        return {
          errors: [{ text: `${args.path}: import only the package root of a lazy package (type imports are fine)` }],
        };
      if (args.kind !== 'dynamic-import')
        return {
          errors: [
            {
              text: `${args.path} is loaded lazily: use \`await import('${args.path}')\` at the point of use (see scripts/build.mjs)`,
            },
          ],
        };
      return { path: `./${file}.js`, external: true };
    });
  },
};
