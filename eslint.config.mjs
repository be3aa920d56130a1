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
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', Buffer: 'readonly' } },
  },
);
