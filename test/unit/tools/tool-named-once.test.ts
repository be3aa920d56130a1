// A tool is its descriptor: the rest of the product reads a tool's facts off its
// descriptor (core/session/tool-facts.ts), never off its name. Shown for edit_file:
// outside its folder (core/tools/edit-file/) at most two product files know it: its
// registration (core/tools/built-in.ts) and the CLI's help. A file knows it when its
// code (comments aside) imports from its folder, has an identifier naming it
// (`editFileTool`, `EDIT_FILE_TOOL_NAME`), or a string that is exactly its name (a
// key in a table). Prose that mentions it (another tool's description, the help)
// keys nothing.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const PRODUCT = ['extension/src', 'webview/src'];
const OWN_FOLDER = 'extension/src/core/tools/edit-file/';
const ALLOWED = 2;

function productFiles(): string[] {
  return PRODUCT.flatMap((dir) =>
    fs
      .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      .map((name) => path.posix.join(dir, name.split(path.sep).join('/'))),
  );
}

/** Whether `code` (comments aside) knows the edit_file tool. */
function knowsEditFile(code: string): boolean {
  const source = ts.createSourceFile('file.ts', code, ts.ScriptTarget.Latest);
  let knows = false;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && /edit_?file/i.test(node.text)) knows = true;
    if (ts.isStringLiteralLike(node) && (node.text === 'edit_file' || /(^|\/)edit-file\//.test(node.text)))
      knows = true;
    if (!knows) ts.forEachChild(node, visit);
  };
  visit(source);
  return knows;
}

describe('edit_file outside its folder', () => {
  it('the check sees a table keyed by the name, an identifier, an import from the folder; not comments or prose', () => {
    assert.equal(knowsEditFile("const KINDS = { ['edit_file']: 'edit' };"), true);
    assert.equal(knowsEditFile("import { x } from '../tools/edit-file/descriptor';"), true);
    assert.equal(knowsEditFile('const kind = EDIT_FILE_TOOL_NAME;'), true);
    assert.equal(knowsEditFile('// edit_file\nconst x = "prefer edit_file to rewriting";'), false);
  });

  it(`is known by at most ${ALLOWED} product files: its registration and the CLI help`, () => {
    const knowing = productFiles().filter(
      (file) => !file.startsWith(OWN_FOLDER) && knowsEditFile(fs.readFileSync(path.join(ROOT, file), 'utf8')),
    );
    assert.ok(knowing.length <= ALLOWED, `product files that know edit_file: ${knowing.join(', ')}`);
    assert.ok(knowing.includes('extension/src/core/tools/built-in.ts'), 'its registration knows it');
  });
});
