// How long the product's functions are, measured with the TypeScript compiler: every
// function declaration, method, accessor, constructor, function expression and arrow
// function with a body in extension/src and webview/src, from its first line to its
// last (as Prettier formats it; blank lines and comments counted, nested functions
// inside it too). The budget: no function over 100 lines and at most 6 over 60. A
// failure lists the long ones, longest first. Planted functions (measured from text,
// nothing written) show the measure and the budget refusing one too many.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['extension/src', 'webview/src'];
const BUDGET = { over100: 0, over60: 6 };

interface Measured {
  lines: number;
  where: string;
}

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.join(dir, name));
}

/** The name a reader finds the function by: its own, or the variable, property or method that holds it. */
function nameOf(node: ts.FunctionLikeDeclaration, source: ts.SourceFile): string {
  if (node.name !== undefined) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent))
    return parent.name.getText(source);
  return '(anonymous)';
}

function measureFunctions(file: string, text = fs.readFileSync(path.join(ROOT, file), 'utf8')): Measured[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const found: Measured[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ lines: last - first + 1, where: `${file}:${first + 1} ${nameOf(node, source)}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const productFunctions = (): Measured[] => SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) => measureFunctions(file));

const longest = (functions: Measured[], over: number): Measured[] =>
  functions.filter((f) => f.lines > over).sort((a, b) => b.lines - a.lines);

const listed = (functions: Measured[]): string => functions.map((f) => `${f.lines} ${f.where}`).join('\n  ');

/** What the budget refuses in `functions`: one message per limit broken, none when it holds. */
function overBudget(functions: Measured[]): string[] {
  const over100 = longest(functions, 100);
  const over60 = longest(functions, 60);
  return [
    ...(over100.length > BUDGET.over100 ? [`over 100 lines:\n  ${listed(over100)}`] : []),
    ...(over60.length > BUDGET.over60 ? [`over 60 lines:\n  ${listed(over60)}`] : []),
  ];
}

/** A planted file's text: a function of `lines` lines (an arrow nested in it), named `name`. */
function plantedFunction(name: string, lines: number): string {
  const body = Array.from({ length: lines - 4 }, (_, i) => `  const v${i} = ${i};`);
  return [`export function ${name}(): () => number {`, ...body, '  return () =>', '    0;', '}', ''].join('\n');
}

const planted = (name: string, lines: number): Measured[] =>
  measureFunctions(`webview/src/${name}.ts`, plantedFunction(name, lines)).filter((f) => f.where.endsWith(name));

describe('function length in extension/src and webview/src', () => {
  it('measures every kind of function body', () => {
    const all = productFunctions();
    assert.ok(all.length > 1000, `the product's functions are measured (${all.length})`);
    assert.ok(
      all.some((f) => f.where.includes('extension/src/extension.ts') && / activate$/.test(f.where)),
      'activate is measured',
    );
  });

  it('measures a planted function from its first line to its last, nested functions inside it', () => {
    assert.deepEqual(
      planted('plantedSixty', 60).map((f) => f.lines),
      [60],
    );
    assert.deepEqual(overBudget(planted('plantedSixty', 60)), []);
  });

  it('refuses a planted function over 100 lines, and one over 60 past the budget', () => {
    assert.match(overBudget(planted('plantedLong', 101)).join('\n'), /over 100 lines:\n {2}101 webview\/src\/planted/);
    const full = Array.from({ length: BUDGET.over60 }, (_, i) => planted(`plantedFull${i}`, 61)).flat();
    assert.deepEqual(overBudget(full), []);
    const oneMore = [...full, ...planted('plantedOneMore', 61)];
    assert.match(overBudget(oneMore).join('\n'), /over 60 lines:(\n {2}61 webview\/src\/planted\S+ \w+){7}$/);
  });

  it(`keeps at most ${BUDGET.over100} functions over 100 lines and ${BUDGET.over60} over 60`, () => {
    assert.deepEqual(overBudget(productFunctions()), []);
  });
});
