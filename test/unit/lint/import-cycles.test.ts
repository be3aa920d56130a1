// 0 import circles in the product: the graph of the static imports and re-exports of
// every module in extension/src and webview/src (type-only ones included: a type
// circle is still two modules that cannot be read apart), resolved the way tsc
// resolves them (each side with its own tsconfig, so `@core/` is followed). A lazy
// load (`import()`, `require()` at first use) is not an edge: it runs after both
// modules are evaluated, and a lazily loaded chunk importing back the page's
// chunk-api is the design (scripts/webview-build.mjs). A failure prints each circle
// as a path of files, with the other modules caught in it.
//
// The same graph between extension/src/core's folders, and between extension/src/vscode's:
// none (the folders are layers, eslint-zones.json's coreLayers and vscodeLayers; a failure
// names the folders in each circle and the pairs that import each other).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = [
  { dir: 'extension/src', tsconfig: 'tsconfig.json' },
  { dir: 'webview/src', tsconfig: 'webview/tsconfig.json' },
];

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const file = path.join(ROOT, tsconfig);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  assert.equal(read.error, undefined, `${tsconfig} reads`);
  return ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file)).options;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(ROOT, dir, name));
}

/** The specifiers of a module's import and export declarations (and `import x = require()`). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
      statement.moduleSpecifier !== undefined &&
      ts.isStringLiteral(statement.moduleSpecifier)
    ) {
      specifiers.push(statement.moduleSpecifier.text);
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      ts.isExternalModuleReference(statement.moduleReference) &&
      ts.isStringLiteral(statement.moduleReference.expression)
    ) {
      specifiers.push(statement.moduleReference.expression.text);
    }
  }
  return specifiers;
}

/** Module -> the product modules it imports (absolute paths). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const { dir, tsconfig } of SOURCES) {
    const options = compilerOptions(tsconfig);
    for (const file of sourceFiles(dir)) {
      const targets = new Set<string>();
      for (const fileName of staticImports(file)) {
        const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule;
        if (
          resolved === undefined ||
          resolved.isExternalLibraryImport === true ||
          resolved.extension === ts.Extension.Dts
        )
          continue;
        targets.add(path.resolve(resolved.resolvedFileName));
      }
      graph.set(file, [...targets]);
    }
  }
  return graph;
}

/** The strongly connected components with a cycle (Tarjan), each as one circle through it. */
function circles(graph: Map<string, string[]>): { circle: string[]; members: string[] }[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: { circle: string[]; members: string[] }[] = [];
  let next = 0;
  // Iterative, so a deep chain of imports cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop)
        found.push({ circle: circleThrough(graph, new Set(component)), members: component });
    }
  }
  return found;
}

/** One circle inside a component: a shortest way back from its first member to itself. */
function circleThrough(graph: Map<string, string[]>, component: Set<string>): string[] {
  const [first] = [...component].sort();
  const cameFrom = new Map<string, string>();
  const queue = [first!];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === first) {
        const circle = [node];
        while (circle[0] !== first) circle.unshift(cameFrom.get(circle[0]!)!);
        return [...circle, first!];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [first!];
}

describe('import circles in extension/src and webview/src', () => {
  it('has none', () => {
    const graph = importGraph();
    assert.ok(graph.size > 100, `the graph holds the product's modules (${graph.size})`);
    const found = circles(graph).map(({ circle, members }) => {
      const others = members.filter((file) => !circle.includes(file)).map((file) => path.relative(ROOT, file));
      const shown = circle.map((file) => path.relative(ROOT, file)).join('\n    -> ');
      return others.length === 0 ? shown : `${shown}\n    (also in this knot: ${others.sort().join(', ')})`;
    });
    assert.deepEqual(found, [], `import circles:\n  ${found.join('\n  ')}`);
  });
});

const CORE = path.join(ROOT, 'extension/src/core');
const VSCODE = path.join(ROOT, 'extension/src/vscode');

/** A module's folder under `base` ('.' for base's own files). */
function folderOf(base: string, file: string): string {
  const relative = path.relative(base, file);
  return relative.includes(path.sep) ? relative.slice(0, relative.indexOf(path.sep)) : '.';
}

/** The graph of `base`'s folders: folder -> the folders of `base` its modules import. */
function folderGraph(base: string, graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    if (!file.startsWith(base + path.sep)) continue;
    const from = folderOf(base, file);
    const edges = folders.get(from) ?? new Set<string>();
    folders.set(from, edges);
    for (const target of targets)
      if (target.startsWith(base + path.sep) && folderOf(base, target) !== from) edges.add(folderOf(base, target));
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/** Each pair of folders that import each other, as `a <-> b`. */
function mutualPairs(folders: Map<string, string[]>): string[] {
  const pairs: string[] = [];
  for (const [a, edges] of folders)
    for (const b of edges) if (a < b && (folders.get(b) ?? []).includes(a)) pairs.push(`${a} <-> ${b}`);
  return pairs.sort();
}

for (const [base, layers] of [
  [CORE, 'coreLayers'],
  [VSCODE, 'vscodeLayers'],
] as const) {
  const name = path.relative(ROOT, base);
  describe(`import circles between ${name}'s folders`, () => {
    it('finds a circle between folders in a planted graph', () => {
      const planted = new Map([
        [path.join(base, 'lower', 'a.ts'), [path.join(base, 'upper', 'b.ts')]],
        [path.join(base, 'upper', 'b.ts'), [path.join(base, 'lower', 'c.ts')]],
        [path.join(base, 'lower', 'c.ts'), []],
      ]);
      const folders = folderGraph(base, planted);
      assert.deepEqual(mutualPairs(folders), ['lower <-> upper']);
      assert.equal(circles(folders).length, 1);
    });

    it(`has none: the folders are layers (eslint-zones.json's ${layers})`, () => {
      const folders = folderGraph(base, importGraph());
      assert.ok(folders.size > 5, `${name}'s folders are read (${folders.size})`);
      const found = circles(folders).map(({ members }) => members.sort().join(', '));
      assert.deepEqual(
        found,
        [],
        `circles between ${name}'s folders:\n  ${found.join('\n  ')}\n  pairs: ${mutualPairs(folders).join('; ')}`,
      );
    });
  });
}
