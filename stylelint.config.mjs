// stylelint (npm run lint) over the repository's CSS: the standard configuration, and
// lines of at most 120 columns as in the code. Prettier formats the CSS; these rules
// are about its meaning and names.
export default {
  extends: ['stylelint-config-standard'],
  plugins: ['./scripts/stylelint-max-line-length.mjs'],
  ignoreFiles: ['node_modules/**', 'dist/**', '.vscode-test/**', 'out/**', 'bench/results/**', 'test-results/**'],
  rules: {
    'agent-checklist/max-line-length': 120,
    // Our custom properties are kebab-case; VS Code's theme variables are not ours to
    // name (`--vscode-sideBar-background`, camelCase after the prefix), so they pass as they are.
    'custom-property-pattern': [
      '^(?:vscode-[A-Za-z0-9.-]+|[a-z][a-z0-9]*(?:-[a-z0-9]+)*)$',
      { message: (name) => `Expected custom property name "${name}" to be kebab-case (or VS Code's --vscode-*)` },
    ],
  },
};
