// What is loaded lazily, and the esbuild plugin the process bundles are built with:
// see scripts/build.mjs. Its own module so that a unit test can run the plugin
// (test/unit/cli/lazy-bundles.test.ts).
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * Each remote provider's implementation with its SDK (dist/providers/<name>.js): the
 * modules the catalog imports at a provider's first request (`import('./<name>')` in
 * remote-catalog.ts, lazyProvider), so a new provider needs no line here.
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
 * Each followed agent's reader (dist/agent-readers/<name>.js): the module its descriptor
 * requires at its first read (`require('../<name>')` in core/import/agents/<agent>.ts),
 * never at the host's start, so a new agent needs no line here.
 */
const AGENTS = 'extension/src/core/import/agents';
const READER_MODULES = Object.fromEntries(
  readdirSync(new URL(`../${AGENTS}`, import.meta.url))
    .filter((file) => file.endsWith('.ts'))
    .flatMap((file) => [
      ...readFileSync(new URL(`../${AGENTS}/${file}`, import.meta.url), 'utf8').matchAll(
        /require\('\.\.\/([\w-]+)'\)/g,
      ),
    ])
    .map(([, name]) => [`extension/src/core/import/${name}.ts`, `agent-readers/${name}`]),
);

/**
 * Our own modules loaded only when used, each an entry of the process build (module ->
 * its file under dist/). They load into the extension host or the CLI beside the main
 * bundle and share its core (the build's shared chunks). `agent-checklist mcp` loads
 * cli/mcp-stdio.ts (the MCP SDK's server) with `await import('../mcp-stdio')`; zod's
 * schema compiler (core/zod-compiler.ts) and the tools' JSON Schema (core/tools/json-schema.ts)
 * are loaded with a synchronous `require` at their first use.
 */
export const LAZY_MODULES = {
  'extension/src/cli/mcp-stdio.ts': 'mcp',
  // `agent-checklist acp` loads cli/acp-stdio.ts (the ACP SDK's agent side on stdio) the same way.
  'extension/src/cli/acp-stdio.ts': 'acp-server',
  // An ACP agent's session (core/acp-client: the SDK's client side, the agent's process, our log of its turns).
  'extension/src/core/acp-client/acp-agent-session.ts': 'acp-client',
  // Imported by grep (core/tools/grep/grep-tool.ts) at a virtual workspace's first search: the engines on the host's thread.
  'extension/src/core/tools/grep/in-process-search.ts': 'grep-search',
  // Required by core/tools/walk.ts at the first walk (list_files, grep's JS engine): the ignore files' rules and the ignore package.
  'extension/src/core/tools/ignore-rules.ts': 'ignore-rules',
  'extension/src/core/zod-compiler.ts': 'zod-compiler',
  // Required by core/zod-english.ts at the first zod issue turned into text: zod's English messages.
  'extension/src/core/zod-english-locale.ts': 'zod-english',
  ...PROVIDER_MODULES,
  ...READER_MODULES,
  // Imported by the bash tool (and an ACP agent's terminals) at its first command: the sandbox's set-up and the process group.
  'extension/src/core/tools/bash/run-sandboxed.ts': 'bash-run',
  // grep's linear-time regex engine (re2-wasm), required at the first pattern compiled (never for a plain literal); its wasm is dist/re2.wasm beside it.
  'extension/src/core/tools/grep/re2-engine.ts': 're2',
  // Required by core/tools/tool.ts when a turn first builds its tools: zod's JSON Schema conversion.
  'extension/src/core/tools/json-schema.ts': 'tool-json-schema',
  // Imported by core/agent/subagent-runner.ts at a subagent's first call: a child session's run, with the agent loop.
  'extension/src/core/agent/subagent-run.ts': 'subagent-run',
  // Imported by the window's turn runner (vscode/turn/turn-runner.ts) at the first prompt or compaction: our agent's turn, its tools and the loop.
  'extension/src/vscode/turn/agent-turn.ts': 'agent-turn',
  // Imported by vscode/providers/provider-source.ts when a turn first uses the demo, a scripted or a VS Code language model.
  'extension/src/vscode/providers/local-providers.ts': 'local-providers',
  // Required by core/import/opencode-follower.ts at the first read of opencode's database (an import): SQLite's
  // wasm (node-sqlite3-wasm), whose dist/node-sqlite3-wasm.wasm sits beside it. The follower's worker bundles it.
  'extension/src/core/import/opencode-db.ts': 'opencode-db',
  // Required by core/tools/tool-runs.ts when a tool set is first built: the built-in tools' implementations behind their descriptors.
  'extension/src/core/tools/built-in-runs.ts': 'tool-runs',
  // Imported by Export Plan (vscode/session/session-view.ts) and the CLI's `export` at their first run: the export's fold and Markdown.
  'extension/src/core/presenters/plan-export.ts': 'plan-export',
  // Imported by vscode/external-sessions/plan-tool-notice.ts at the first Turn On Claude Code's Task List: Claude Code's settings.
  'extension/src/vscode/external-sessions/claude-code-tasks-enable.ts': 'claude-code-tasks-enable',
  // Imported by vscode/external-sessions/plan-tool-notice.ts at the first Turn On Codex's Plan Tool: Codex's config.
  'extension/src/vscode/external-sessions/codex-plan-tool-enable.ts': 'codex-plan-tool-enable',
  // Imported by vscode/external-sessions/chat-plan-tool.ts at the chat tool's first call: the Chat session's writer.
  'extension/src/vscode/external-sessions/chat-plan-session.ts': 'chat-plan-session',
  // Imported by vscode/plan-file/plan-file-sync.ts at its first sync: the plan file's formats (ours, spec-kit, Kiro).
  'extension/src/core/plan/plan-file-edit.ts': 'plan-file-edit',
  // Imported by vscode/board/board-command.ts at the first Open Plan Board: the board's panel, thread and watchers.
  'extension/src/vscode/board/board-panel.ts': 'board-panel',
  // Imported by vscode/plan-tree/plan-changes-commands.ts at the first Show Changes, Revert or Restore: their runs.
  'extension/src/vscode/plan-tree/plan-changes-run.ts': 'plan-changes',
  // Imported by vscode/external-sessions/setup-agent.ts at the first Set Up for Another Agent….
  'extension/src/vscode/external-sessions/setup-agent-run.ts': 'setup-agent',
  // Imported by vscode/plan-tree/plan-edit-commands.ts at the first edit action (Mark Completed, Edit Text…, …).
  'extension/src/vscode/plan-tree/plan-edit-run.ts': 'plan-edit',
  // Imported by vscode/plan-tree/plan-review-commands.ts at the first Comment on Item…, Resolve Comment or Send Comments.
  'extension/src/vscode/plan-tree/plan-review-run.ts': 'plan-review',
  // Imported by vscode/plan-tree/plan-check-commands.ts at the first Set Check…, Remove Check, Run Check or acceptance ask.
  'extension/src/vscode/plan-tree/plan-check-run.ts': 'plan-check',
  // Imported by vscode/plan-tree/plan-work-commands.ts at the first Start This Item, Continue Plan in New Session… or Run All Items.
  'extension/src/vscode/plan-tree/plan-work-run.ts': 'plan-work',
  // Imported by vscode/commands/commands.ts at the first Reject Plan with Feedback…, Show Log, Open Agent's File, Compact Conversation or Export Plan.
  'extension/src/vscode/commands/commands-run.ts': 'commands-run',
  // Required by vscode/turn/shown-checks.ts when a session this window writes is shown: the items' check runner and bash's sandbox.
  'extension/src/vscode/turn/shown-check-runner.ts': 'check-runner',
  // Required by vscode/agent-view/agent-snapshot.ts at a page's first snapshot: the webview's strings.
  'extension/src/core/protocol/strings.ts': 'webview-strings',
  // Required by vscode/session/shown-session.ts when a followed session is shown: its comments' side log.
  'extension/src/vscode/session/shown-side-comments.ts': 'side-comments',
  // Required by vscode/turn/shown-checks.ts when a followed session is shown: its checks with its side log's.
  'extension/src/vscode/turn/side-checks-fold.ts': 'side-checks-fold',
  // Required by vscode/turn/shown-checks.ts at the first Set Check…, Remove Check or acceptance on a followed session.
  'extension/src/vscode/turn/side-check-decision.ts': 'side-check-decision',
  // Imported by vscode/plan-tree/parallel-commands.ts at the first Run Items in Parallel…, Merge or Discard Item's Branch.
  'extension/src/vscode/plan-tree/parallel-run-command.ts': 'parallel-run',
};

/**
 * Worker threads: separate realms, so each is a bundle of its own that carries its own
 * copies (module -> its file under dist/). Started by path, never imported.
 */
export const WORKER_MODULES = {
  // core/markdown/markdown-parser.ts starts it at the first answer the Agent view presents.
  'extension/src/core/markdown/markdown-worker.ts': 'markdown-worker',
  // core/import/agent-follow-thread.ts: other agents' files tailed into our logs.
  'extension/src/core/import/agent-follow-worker.ts': 'agent-follow-worker',
  // core/checkpoints/git-thread.ts: the checkpoints' git processes.
  'extension/src/core/checkpoints/git-worker.ts': 'git-worker',
  // core/tools/grep/search-thread.ts: grep's searches (ripgrep's output, the JS engine).
  'extension/src/core/tools/grep/search-worker.ts': 'search-worker',
  // core/board/board-thread.ts: the Plan Board's reads, fetches and branch files.
  'extension/src/core/board/board-worker.ts': 'board-worker',
};

/** The process entries: each main bundle, which loads the lazy ones into its process. */
export const MAIN_MODULES = { 'extension/src/extension.ts': 'extension', 'extension/src/cli/main.ts': 'cli' };

/**
 * Packages that may be only in what a lazy entry or a worker loads: the MCP and ACP SDKs,
 * the model providers' SDKs, the Markdown parser, grep's regex engine and SQLite (their
 * wasm compiles at load). scripts/bundle-check.mjs fails the build when one is in what a main
 * bundle loads at start.
 */
export const LAZY_ONLY =
  /^(@modelcontextprotocol\/sdk|@agentclientprotocol\/sdk|openai|@anthropic-ai\/sdk|micromark[^/]*|mdast-util-[^/]*|re2-wasm|node-sqlite3-wasm)(\/.*)?$/;

// By real path: esbuild's resolveDir is one (the bench builds in a folder of symlinks to the sources).
const LAZY_MODULE_FILES = new Map(Object.entries(LAZY_MODULES).map(([module, file]) => [realpathSync(module), file]));

/**
 * A lazy module is reached only through `import()` (a split point: esbuild loads its
 * entry) or a synchronous `require()`, which becomes a require of its entry's file
 * beside the main bundle (the chunk that requires it is at dist/'s root); a static
 * import of one fails the build.
 */
export const lazyPackages = {
  name: 'lazy-modules',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const target = resolve(args.resolveDir, args.path);
      const file = LAZY_MODULE_FILES.get(target) ?? LAZY_MODULE_FILES.get(`${target}.ts`);
      if (file === undefined || args.kind === 'entry-point' || args.kind === 'dynamic-import') return undefined;
      if (args.kind !== 'require-call')
        return {
          errors: [
            {
              text: `${args.path} is loaded lazily: use \`await import('${args.path}')\` (or a synchronous \`require\`) at the point of use (see scripts/build.mjs)`,
            },
          ],
        };
      return { path: `./${file}.js`, external: true };
    });
  },
};
