// How long the product's functions are, measured with the TypeScript compiler: every
// function declaration, method, accessor, constructor, function expression and arrow
// function with a body in extension/src and webview/src, from its first line to its
// last (as Prettier formats it; blank lines and comments counted, nested functions
// inside it too). The budget (issue 38): at most 2 functions over 100 lines and at
// most 10 over 60. A failure lists the long ones, longest first.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCE_DIRS = ['extension/src', 'webview/src'];
const BUDGET = { over100: 2, over60: 10 };

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

export function measureFunctions(file: string): Measured[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
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

function longFunctions(over: number): Measured[] {
  return SOURCE_DIRS.flatMap(sourceFiles)
    .flatMap(measureFunctions)
    .filter((f) => f.lines > over)
    .sort((a, b) => b.lines - a.lines);
}

const listed = (functions: Measured[]): string => functions.map((f) => `${f.lines} ${f.where}`).join('\n  ');

describe('function length in extension/src and webview/src', () => {
  it('measures every kind of function body', () => {
    const all = SOURCE_DIRS.flatMap(sourceFiles).flatMap(measureFunctions);
    assert.ok(all.length > 1000, `the product's functions are measured (${all.length})`);
    assert.ok(
      all.some((f) => f.where.includes('extension/src/extension.ts') && / activate$/.test(f.where)),
      'activate is measured',
    );
  });

  it(`keeps at most ${BUDGET.over100} functions over 100 lines and ${BUDGET.over60} over 60`, () => {
    const over100 = longFunctions(100);
    const over60 = longFunctions(60);
    assert.ok(over100.length <= BUDGET.over100, `over 100 lines:\n  ${listed(over100)}`);
    assert.ok(over60.length <= BUDGET.over60, `over 60 lines:\n  ${listed(over60)}`);
  });
});
