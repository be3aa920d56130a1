// The architecture map stays a map (docs/architecture.md: at most 300 lines), and its
// "Where to add" rows for a tool and for the two webview messages are true: every file
// a row names exists (a `<placeholder>` stands for any one name). A tool: a made-up
// descriptor added to a copy of the built-in list (core/tools/built-in.ts) shows up in
// what every list reads: the schemas sent to the model (the tool set), its ACP kind
// (the process's tool facts) and its row (the presenter). A message: its map
// (`hostMessageFields`, `webviewMessageFields`) is declared once, in the file its row
// names, and is what the webview's handler table and the host's parser know.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { acpCallFields } from '../../../extension/src/core/acp-server/acp-tool-calls';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { presentToolCall } from '../../../extension/src/core/presenters/tool-call';
import { hostMessageFields } from '../../../extension/src/core/protocol/host-messages';
import { parseWebviewMessage } from '../../../extension/src/core/protocol/messages';
import { answerToolFacts } from '../../../extension/src/core/session/tool-facts';
import { BUILT_IN_TOOLS, toolCatalog } from '../../../extension/src/core/tools/built-in';
import { ToolCatalog } from '../../../extension/src/core/tools/catalog';
import { defineTool } from '../../../extension/src/core/tools/descriptor';
import { genericView, type ToolCallRecord } from '../../../extension/src/core/tools/tool-presenter';
import { messageHandlers } from '../../../webview/src/state/reducer';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const MAP = 'docs/architecture.md';
const MAX_MAP_LINES = 300;
const BASES = ['', 'extension/src', 'extension/src/core', 'extension/src/vscode', 'webview/src'];
const PRODUCT_DIRS = ['extension/src', 'webview/src'];

const mapText = (): string => fs.readFileSync(path.join(ROOT, MAP), 'utf8');

/** The "Where to add" row whose first cell is `addition`. */
function row(text: string, addition: string): string {
  const line = text.split('\n').find((l) => l.startsWith(`| ${addition} |`));
  assert.ok(line, `${MAP} has a "Where to add" row for ${addition}`);
  return line;
}

/** The backticked file paths of a row (a name with an extension; placeholders kept). */
function rowPaths(line: string): string[] {
  return [...line.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!).filter((word) => /\.(?:ts|tsx|json)$/.test(word));
}

/** Every file of the repository's product and manifests, relative to the root. */
function repoFiles(): string[] {
  const files = fs.readdirSync(ROOT).filter((name) => fs.statSync(path.join(ROOT, name)).isFile());
  for (const dir of [...PRODUCT_DIRS, 'l10n'])
    for (const name of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' }))
      files.push(`${dir}/${name.split(path.sep).join('/')}`);
  return files;
}

/** Whether a row's path names a file from one of the map's bases (`<x>` stands for one name). */
function exists(named: string, files: readonly string[]): boolean {
  const pattern = (base: string) =>
    new RegExp(
      `^${path.posix
        .join(base, named)
        .replace(/[.]/g, '\\.')
        .replace(/<[^>]+>/g, '[^/]+')}$`,
    );
  return BASES.some((base) => files.some((file) => pattern(base).test(file)));
}

function assertRowFilesExist(addition: string, atLeast: number): string[] {
  const named = rowPaths(row(mapText(), addition));
  assert.ok(named.length >= atLeast, `the row names its files (${named.join(', ')})`);
  const files = repoFiles();
  assert.deepEqual(
    named.filter((p) => !exists(p, files)),
    [],
    `the row for ${addition} names what does not exist`,
  );
  return named;
}

/** The product files that declare `name` (a `const`, `let` or `var` of that name). */
function declaring(name: string): string[] {
  const found: string[] = [];
  for (const dir of PRODUCT_DIRS)
    for (const file of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file)) continue;
      const text = fs.readFileSync(path.join(ROOT, dir, file), 'utf8');
      if (new RegExp(`\\b(?:const|let|var)\\s+${name}\\b`).test(text)) found.push(`${dir}/${file}`);
    }
  return found;
}

/** The keys of the object literal `name` is declared as in `file` (its entries, at two spaces' indent). */
function literalKeys(file: string, name: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const body =
    new RegExp(`\\b(?:const|let|var)\\s+${name}\\b[^=]*=\\s*\\{\\n([\\s\\S]*?)\\n\\};`).exec(text)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+):/gm)].map((m) => m[1]!);
}

/** A made-up tool: a lookup that reads, with its own row. */
const madeUpTool = defineTool({
  name: 'made_up_lookup',
  description: 'Look a word up (a tool only this test knows).',
  args: z.object({ word: z.string() }),
  approval: null,
  effects: ['reads'],
  acpKind: 'search',
  present: ({ call, args }) => ({ ...genericView(call), summary: `looked up ${args?.word ?? '?'}` }),
  run: async ({ word }) => ({ isError: false, content: `${word}: found` }),
});

describe('the architecture map', () => {
  it(`is a map: at most ${MAX_MAP_LINES} lines`, () => {
    const lines = mapText().split('\n').length - 1;
    assert.ok(lines > 100, `the map is read (${lines} lines)`);
    assert.ok(lines <= MAX_MAP_LINES, `${MAP} has ${lines} lines`);
  });
});

describe('"Where to add": a tool', () => {
  it('names files that exist, among them the built-in list', () => {
    const named = assertRowFilesExist('a tool', 4);
    assert.ok(named.includes('core/tools/built-in.ts'));
    assert.ok(named.includes('core/tools/<tool>/descriptor.ts'));
  });

  it('is its descriptor and a line in the list: the model, ACP and the transcript all see it', () => {
    const builtIns = BUILT_IN_TOOLS.flatMap((name) => toolCatalog.get(name) ?? []);
    assert.equal(builtIns.length, BUILT_IN_TOOLS.length, 'the catalog holds every built-in tool');
    const copy = new ToolCatalog([...builtIns, madeUpTool]);
    const set = buildToolRegistry({ tools: ['todo_write', 'made_up_lookup'], allowParallelInProgress: false }, copy);
    const call = { name: 'made_up_lookup', arguments: JSON.stringify({ word: 'plan' }) };
    const record: ToolCallRecord = { ...call, args: { word: 'plan' }, result: null, todos: null, child: null };
    try {
      const spec = set.registry.specs().find((s) => s.name === 'made_up_lookup');
      assert.ok(spec, 'the model is offered it');
      assert.equal(spec.description, 'Look a word up (a tool only this test knows).');
      assert.deepEqual(Object.keys((spec.parameters as { properties?: object }).properties ?? {}), ['word']);
      assert.equal(presentToolCall(record, copy).summary, 'looked up plan', 'its row is its presenter');
      assert.notEqual(presentToolCall(record).summary, 'looked up plan', 'the process list does not know it');
      assert.equal(acpCallFields(call, '/ws').kind, 'other', 'unknown to the process: ACP says other');
      answerToolFacts(copy);
      assert.equal(acpCallFields(call, '/ws').kind, 'search', 'ACP reads its kind from the list');
    } finally {
      answerToolFacts(toolCatalog);
      set.owned.dispose();
    }
  });
});

describe('"Where to add": the webview messages', () => {
  it('a host → webview message: its files exist, and hostMessageFields is the one map', () => {
    const named = assertRowFilesExist('a host → webview message', 2);
    assert.deepEqual(declaring('hostMessageFields'), ['extension/src/core/protocol/host-messages.ts']);
    assert.ok(named.includes('core/protocol/host-messages.ts'), 'the row names the map');
    assert.deepEqual(Object.keys(messageHandlers).sort(), Object.keys(hostMessageFields).sort());
  });

  it('a webview → host message: its files exist, and webviewMessageFields is the one map', () => {
    const named = assertRowFilesExist('a webview → host message', 3);
    assert.deepEqual(declaring('webviewMessageFields'), ['extension/src/core/protocol/messages.ts']);
    assert.ok(named.includes('core/protocol/messages.ts'), 'the row names the map');
    const unknown = (type: string) => {
      const parsed = parseWebviewMessage({ type });
      return !parsed.ok && parsed.error.startsWith('type: unknown');
    };
    const types = literalKeys('extension/src/core/protocol/messages.ts', 'webviewMessageFields');
    assert.ok(types.length > 10, `the map's types are read (${types.join(', ')})`);
    for (const type of types) assert.equal(unknown(type), false, type);
    assert.equal(unknown('madeUpMessage'), true, 'a type outside the map is unknown');
  });
});
