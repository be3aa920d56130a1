// The import zones of eslint.config.mjs, seen through ESLint's own Node API: for each
// zone a file inside it (linted as text under that path, so nothing is written) gets
// imports it must not have, and each is reported by no-restricted-imports; one import
// the zone allows passes. Core's layers are eslint-zones.json's coreLayers (bottom-up;
// a folder is below every folder of a later layer and beside those of its own): every
// forbidden pair they make is planted, and every core folder is in a layer. So are
// vscode/'s (vscodeLayers), whose folders never import vscode/'s own files either (the
// composition root, the top).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { ESLint } from 'eslint';
import zones from '../../../eslint-zones.json';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const CORE = 'extension/src/core';
const VSCODE = 'extension/src/vscode';

interface Zone {
  /** Where the planted file sits (repo-relative; need not exist). */
  file: string;
  /** Import specifiers the zone forbids, each planted on its own line. */
  wrong: string[];
  /** A specifier the zone allows. */
  allowed: string;
}

/** `extension/src/core/<folder>/...` as an import from `file`. */
function from(file: string, target: string): string {
  const spec = path.posix.relative(path.posix.dirname(file), target);
  return spec.startsWith('.') ? spec : `./${spec}`;
}

/** A core folder's zone ('' = core's own files), planted one folder deeper when `nested`. */
function coreZone(folder: string, forbidden: readonly string[], nested: boolean): Zone {
  const dir = [CORE, folder, nested ? 'nested' : ''].filter((part) => part !== '').join('/');
  const file = `${dir}/planted-wrong-import.ts`;
  return {
    file,
    wrong: [
      'vscode',
      from(file, 'extension/src/vscode/host/settings'),
      from(file, 'extension/src/cli/main'),
      ...forbidden.map((other) => from(file, `${CORE}/${other}/planted`)),
    ],
    allowed: from(file, `${CORE}/domain-literals`),
  };
}

/** Each folder with the folders it must not import: the others of its layer and every layer above. */
function forbiddenByLayer(layers: readonly (readonly string[])[]): [string, string[]][] {
  return layers.flatMap((layer, index) =>
    layer.map((folder): [string, string[]] => [
      folder,
      layers
        .slice(index)
        .flat()
        .filter((other) => other !== folder && other !== ''),
    ]),
  );
}

const CORE_FORBIDDEN = forbiddenByLayer(zones.coreLayers);

/** A vscode folder's zone, planted one folder deeper when `nested`: the folders above it and vscode/'s own files. */
function vscodeZone(folder: string, forbidden: readonly string[], nested: boolean): Zone {
  const file = `${VSCODE}/${folder}/${nested ? 'nested/' : ''}planted-wrong-import.ts`;
  return {
    file,
    wrong: [
      from(file, 'extension/src/cli/main'),
      from(file, `${VSCODE}/window-sessions`),
      from(file, `${VSCODE}/public-api`),
      ...forbidden.map((other) => from(file, `${VSCODE}/${other}/planted`)),
    ],
    allowed: from(file, `${VSCODE}/host/settings`),
  };
}

const VSCODE_ZONES = forbiddenByLayer(zones.vscodeLayers).flatMap(([folder, forbidden]) => [
  vscodeZone(folder, forbidden, false),
  vscodeZone(folder, forbidden, true),
]);

const CORE_ZONES = CORE_FORBIDDEN.flatMap(([folder, forbidden]) =>
  folder === ''
    ? [coreZone(folder, forbidden, false)]
    : [coreZone(folder, forbidden, false), coreZone(folder, forbidden, true)],
);

const ZONES: Zone[] = [
  ...CORE_ZONES,
  ...VSCODE_ZONES,
  {
    // A module the webview shares keeps its folder's layer and carries no full zod.
    file: `${CORE}/protocol/planted-wrong-import.ts`,
    wrong: ['zod', 'vscode', '../store/planted', '../mcp/planted'],
    allowed: 'zod/mini',
  },
  {
    file: 'extension/src/cli/commands/planted-wrong-import.ts',
    wrong: ['vscode', '../../vscode/host/settings'],
    allowed: '../../core/session/events',
  },
  {
    // vscode/'s own files, the composition root, may import any vscode folder.
    file: 'extension/src/vscode/planted-wrong-import.ts',
    wrong: ['../cli/main'],
    allowed: './agent-view/agent-view-parts',
  },
  {
    file: 'webview/src/components/planted-wrong-import.tsx',
    wrong: [
      'zod',
      'zod/mini',
      '@core/store/session-store',
      '@core/protocol/nested/deeper',
      '@core/plan/plan-ledger',
      '../../../extension/src/core/tools/registry',
      '../../../extension/src/vscode/host/settings',
      ...(zones.webviewRelativeCore ? [] : ['../../../extension/src/core/domain-literals']),
    ],
    allowed: '@core/protocol/messages',
  },
];

describe('lint zones (eslint.config.mjs no-restricted-imports)', () => {
  let eslint: ESLint;
  before(() => {
    eslint = new ESLint({ cwd: ROOT });
  });

  /** The line numbers (1-based) no-restricted-imports reports in `text` linted as `file`. */
  async function restrictedLines(file: string, text: string): Promise<number[]> {
    const [result] = await eslint.lintText(text, { filePath: path.join(ROOT, file) });
    assert.ok(result, `ESLint linted ${file}`);
    const fatal = result.messages.filter((message) => message.fatal === true);
    assert.deepEqual(fatal, [], `${file} parses`);
    return result.messages
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => message.line);
  }

  for (const [dir, layers, name] of [
    [CORE, zones.coreLayers, 'coreLayers'],
    [VSCODE, zones.vscodeLayers, 'vscodeLayers'],
  ] as const) {
    it(`puts every ${dir} folder in a layer of ${name} (a folder outside them would have no fence)`, () => {
      const folders = fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      const layered = new Set<string>(layers.flat());
      assert.deepEqual(
        folders.filter((folder) => !layered.has(folder)),
        [],
        `folders missing from ${name}`,
      );
    });
  }

  for (const zone of ZONES) {
    it(`${zone.file}: every planted wrong import is reported, the allowed one is not`, async () => {
      const text = [`import '${zone.allowed}';`, ...zone.wrong.map((spec) => `import '${spec}';`)].join('\n') + '\n';
      const lines = await restrictedLines(zone.file, text);
      const reported = new Set(lines);
      const missed = zone.wrong.filter((_, index) => !reported.has(index + 2));
      assert.deepEqual(missed, [], `imports ${zone.file} must not have, yet not reported`);
      assert.equal(reported.has(1), false, `${zone.allowed} is allowed in ${zone.file}`);
    });
  }
});
