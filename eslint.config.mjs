// Flat config. The rule that matters most: nothing under extension/src/core/
// may import `vscode` — the core runs headless in the CLI and in unit tests.
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', '.vscode-test/**', 'out/**', 'bench/results/**', 'test-results/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      // Projections are `{ init, apply, stateVersion }`: `projection.apply(state, event)` is not Function#apply.
      'prefer-spread': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['extension/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'core/ is vscode-free: put VS Code code in extension/src/vscode/ behind an interface.' }],
        patterns: [{ group: ['**/vscode/**', '../vscode/*', '../../vscode/*'], message: 'core/ must not depend on the VS Code adapters.' }],
      }],
    },
  },
  {
    // The host presents, the webview paints: the webview imports the protocol, the
    // domain's literals and the summaries' template filling (plan/summaries, with the
    // text-template it uses), nothing else of the host: no presenter, no zod. It checks
    // a host message's type and seq (protocol/host-message-check.ts); the protocol's
    // zod/mini schemas are host-side (a unit test keeps them out of the bundle).
    files: ['webview/src/**/*.ts', 'webview/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'zod', message: 'The webview carries no zod: it checks type and seq (core/protocol/host-message-check.ts).' },
          { name: 'zod/mini', message: 'The webview carries no zod: it checks type and seq (core/protocol/host-message-check.ts).' },
        ],
        patterns: [{
          regex: '/extension/src/(?!core/(protocol/[^/]+|domain-literals|text-template|plan/summaries)$)',
          message: 'The webview imports only core/protocol/, core/domain-literals and plan/summaries (the host presents, the webview paints).',
        }],
      }],
    },
  },
  {
    // Shared by both bundles: no full zod (the webview must not carry it).
    files: [
      'extension/src/core/protocol/**/*.ts',
      'extension/src/core/domain-literals.ts',
      'extension/src/core/text-template.ts',
      'extension/src/core/plan/summaries.ts',
      'extension/src/core/plan/todo-write-view.ts',
      'extension/src/core/tools/bash-view.ts',
      'extension/src/core/tools/file-views.ts',
      'extension/src/core/agent/subagent-view.ts',
    ],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [
          { name: 'zod', message: 'Presenters and the protocol are shared with the webview: zod/mini at most.' },
          { name: 'vscode', message: 'core/ is vscode-free: put VS Code code in extension/src/vscode/ behind an interface.' },
        ],
        patterns: [{ group: ['**/vscode/**', '../vscode/*', '../../vscode/*'], message: 'core/ must not depend on the VS Code adapters.' }],
      }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
  },
);
