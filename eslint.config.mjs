// Flat config. The rule that matters most: nothing under extension/src/core/
// may import `vscode` — the core runs headless in the CLI and in unit tests.
//
// The import zones (no-restricted-imports; test/unit/lint/zones.test.ts plants a
// wrong import in each and expects the error). ESLint keeps one set of options per
// rule for a file (the last matching config wins), so each file gets exactly one
// no-restricted-imports entry, assembled here from every zone it is in.
import { readdirSync, readFileSync } from 'node:fs';
import tseslint from 'typescript-eslint';

// The zones' data is eslint-zones.json (the lint test reads it too):
// coreLayers      core's folders as layers, bottom-up ('' = core's own files): a module
//                 imports only from the layers below its own (and its own folder), never
//                 a sibling's or a higher layer's folder; test/unit/lint/import-cycles.test.ts
//                 keeps the folders free of circles, docs/architecture.md says what each holds
// vscodeLayers    extension/src/vscode's folders as layers, bottom-up, fenced as core's are;
//                 vscode/'s own files are the composition root, the top: no folder imports them
// webviewCore     what the webview may import of the core, through the `@core/` alias (the
//                 only way in): the protocol, the domain's literals and the summaries'
//                 template filling (plan/summaries, with the text-template it uses)
// webviewRelativeCore  true until the folder move rewrites the webview's relative core
//                 imports to `@core/`: the same modules may still be named by their path
const ZONES = JSON.parse(readFileSync(new URL('./eslint-zones.json', import.meta.url), 'utf8'));
/** Folder -> the folders it must not import: the others of its layer and every folder above ('' is no folder). */
function forbiddenByLayer(layers) {
  return Object.fromEntries(
    layers.flatMap((layer, index) => {
      const sameOrAbove = layers.slice(index).flat();
      return layer.map((folder) => [folder, sameOrAbove.filter((other) => other !== folder && other !== '')]);
    }),
  );
}
const CORE_FORBIDDEN = forbiddenByLayer(ZONES.coreLayers);
const VSCODE_FORBIDDEN = forbiddenByLayer(ZONES.vscodeLayers);
/** vscode/'s own files (activation's wiring, the public API, the tests' hooks): above every vscode folder. */
const VSCODE_ROOT_FILES = readdirSync(new URL('./extension/src/vscode/', import.meta.url))
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -'.ts'.length));
const WEBVIEW_CORE = ZONES.webviewCore;
const WEBVIEW_RELATIVE_CORE = ZONES.webviewRelativeCore;

const VSCODE_ADAPTERS = 'core/ must not depend on the VS Code adapters.';
const NO_VSCODE = {
  name: 'vscode',
  message: 'core/ is vscode-free: put VS Code code in extension/src/vscode/ behind an interface.',
};

/** A relative import (any depth) of a top-level folder of the importer's tree, or that folder through the alias. */
function folderImport(folder, alias) {
  return `^(?:(?:\\.\\./)+${alias ? `|${alias}` : ''})${folder}(?:/|$)`;
}

/** The no-restricted-imports options for a file of core folder `folder` ('' for core's own files). */
function coreRestrictions(folder, { sharedWithWebview = false } = {}) {
  const below = CORE_FORBIDDEN[folder] ?? [];
  return {
    paths: [
      NO_VSCODE,
      ...(sharedWithWebview
        ? [{ name: 'zod', message: 'Presenters and the protocol are shared with the webview: zod/mini at most.' }]
        : []),
    ],
    patterns: [
      { group: ['**/vscode/**', '../vscode/*', '../../vscode/*'], message: VSCODE_ADAPTERS },
      { regex: folderImport('cli'), message: 'core/ must not depend on the CLI.' },
      ...below.map((other) => ({
        regex: folder === '' ? `^\\./${other}(?:/|$)` : folderImport(other, '@core/'),
        message: `core/${folder || '*.ts'} is below core/${other} (the layers are eslint-zones.json's coreLayers).`,
      })),
    ],
  };
}

// Shared by both bundles: no full zod (the webview must not carry it).
const SHARED_WITH_WEBVIEW = [
  'extension/src/core/protocol/**/*.ts',
  'extension/src/core/domain-literals.ts',
  'extension/src/core/text-template.ts',
  'extension/src/core/plan/summaries.ts',
  'extension/src/core/tools/file-views.ts',
  'extension/src/core/tools/*/*-view.ts',
];

/** The core folder a core path or glob is in ('' for core's own files). */
function coreFolderOf(file) {
  const rest = file.slice('extension/src/core/'.length);
  return rest.includes('/') ? rest.slice(0, rest.indexOf('/')) : '';
}

const coreZones = Object.keys(CORE_FORBIDDEN).map((folder) => ({
  files: [folder === '' ? 'extension/src/core/*.ts' : `extension/src/core/${folder}/**/*.ts`],
  ignores: SHARED_WITH_WEBVIEW,
  rules: { 'no-restricted-imports': ['error', coreRestrictions(folder)] },
}));
const sharedZones = SHARED_WITH_WEBVIEW.map((file) => ({
  files: [file],
  rules: { 'no-restricted-imports': ['error', coreRestrictions(coreFolderOf(file), { sharedWithWebview: true })] },
}));

// The adapters and the CLI are siblings over the core. vscode/'s folders are layers
// (vscodeLayers) under its own files, the composition root.
const NO_CLI_FROM_VSCODE = {
  regex: folderImport('cli'),
  message: 'vscode/ must not depend on the CLI (extension/src/cli/): share through core/.',
};
/** The no-restricted-imports options for a file of vscode folder `folder` ('' for vscode's own files). */
function vscodeRestrictions(folder) {
  if (folder === '') return { patterns: [NO_CLI_FROM_VSCODE] };
  return {
    patterns: [
      NO_CLI_FROM_VSCODE,
      ...VSCODE_FORBIDDEN[folder].map((other) => ({
        regex: folderImport(other),
        message: `vscode/${folder} is below vscode/${other} (the layers are eslint-zones.json's vscodeLayers).`,
      })),
      ...VSCODE_ROOT_FILES.map((file) => ({
        regex: `^(?:\\.\\./)+${file}$`,
        message: `vscode/${file}.ts is the composition root, above every vscode/ folder: pass what it makes in.`,
      })),
    ],
  };
}
const vscodeZones = ['', ...Object.keys(VSCODE_FORBIDDEN)].map((folder) => ({
  files: [folder === '' ? 'extension/src/vscode/*.ts' : `extension/src/vscode/${folder}/**/*.ts`],
  rules: { 'no-restricted-imports': ['error', vscodeRestrictions(folder)] },
}));

// Our errors are told apart by their brand (core/error-brand.ts: `isProviderError(e)`, …),
// never by `instanceof`: a lazily loaded bundle may carry its own copy of a class, and
// `instanceof` is false for an error another copy made. Any class named `…Error` or
// `…Violation` is ours except JavaScript's own and the SDK errors read only inside the
// provider bundle that imports them (test/unit/lint/error-brands.test.ts plants each of ours).
const NOT_OUR_ERRORS = [
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'APIError',
  'APIConnectionError',
  'APIUserAbortError',
];
const OUR_ERROR_INSTANCEOF = {
  selector: `BinaryExpression[operator='instanceof'][right.type='Identifier'][right.name=/^(?!(?:${NOT_OUR_ERRORS.join('|')})$)\\w*(?:Error|Violation)$/]`,
  message:
    "Decide on the error's brand (its is…Error guard beside the class), not instanceof: another bundle may define the class.",
};

/** The most lines a product file may have (test/unit/lint/file-length.test.ts plants one more). */
const MAX_FILE_LINES = 250;

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
    // A product file says one thing: at most 250 lines, blank lines and comments counted (split by responsibility).
    // And no decision on `instanceof` of our error classes (they are branded: core/error-brand.ts).
    // And no `@internal` tag: knip --production lets a tagged export through, so an export only tests use would stay.
    files: ['extension/src/**/*.ts', 'webview/src/**/*.ts', 'webview/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': ['error', OUR_ERROR_INSTANCEOF],
      'max-lines': ['error', { max: MAX_FILE_LINES, skipBlankLines: false, skipComments: false }],
      'no-warning-comments': ['error', { terms: ['@internal'], location: 'anywhere' }],
      // Prettier wraps code at 120 columns but not strings or comments: this keeps those within the same width.
      'max-len': ['error', { code: 120, tabWidth: 2, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  ...coreZones,
  ...sharedZones,
  {
    // The CLI runs without VS Code: it shares the core, never the adapters.
    files: ['extension/src/cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'The CLI runs without VS Code.' }],
          patterns: [
            {
              regex: folderImport('vscode'),
              message: 'cli/ must not depend on the VS Code adapters (extension/src/vscode/).',
            },
          ],
        },
      ],
    },
  },
  ...vscodeZones,
  {
    // The host presents, the webview paints. It checks a host message's type and seq
    // (protocol/host-message-check.ts); the protocol's zod/mini schemas are host-side
    // (a unit test keeps them out of the bundle).
    files: ['webview/src/**/*.ts', 'webview/src/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'The webview carries no zod: it checks type and seq (core/protocol/host-message-check.ts).',
            },
            {
              name: 'zod/mini',
              message: 'The webview carries no zod: it checks type and seq (core/protocol/host-message-check.ts).',
            },
          ],
          patterns: [
            {
              regex: `^@core/(?!(?:${WEBVIEW_CORE.join('|')})$)`,
              message: `The webview imports only @core/{${WEBVIEW_CORE.join(', ')}} (the host presents, the webview paints).`,
            },
            WEBVIEW_RELATIVE_CORE
              ? {
                  regex: `/extension/src/(?!core/(?:${WEBVIEW_CORE.join('|')})$)`,
                  message: `The webview imports only @core/{${WEBVIEW_CORE.join(', ')}} (the host presents, the webview paints).`,
                }
              : {
                  regex: '(?:^|/)extension(?:/|$)',
                  message: 'The webview reaches the core only through @core/ (the paths of webview/tsconfig.json).',
                },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
  },
);
