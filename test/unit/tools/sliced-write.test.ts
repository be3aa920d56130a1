// write_file and edit_file write their text in slices (confined-open.ts writeText):
// the bytes on disk are the whole text's UTF-8, whatever falls on a slice boundary
// (a surrogate pair, a 3-byte character), and the sizes and lines they report are
// counted without encoding or splitting the text.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createEditFileTool } from '../../../extension/src/core/tools/edit-file/edit-file-tool';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { createWriteFileTool } from '../../../extension/src/core/tools/write-file/write-file-tool';
import { autoApprovals, ctx, tempWorkspace, type TempWorkspace } from './support';

const WRITE_SLICE_CHARS = 64 * 1024;

function registryFor(ws: TempWorkspace): ToolRegistry {
  const registry = new ToolRegistry();
  registry.register(createWriteFileTool({ workspace: ws.workspace, approvals: autoApprovals() }));
  registry.register(createEditFileTool({ workspace: ws.workspace, approvals: autoApprovals() }));
  return registry;
}

const call = (registry: ToolRegistry, name: string, args: unknown) =>
  registry.execute(name, JSON.stringify(args), ctx());

/** Text of several slices with an emoji (a surrogate pair) across every slice boundary and 2- and 3-byte characters between. */
function textAcrossSlices(slices: number): string {
  let text = '';
  for (let i = 1; i <= slices; i++)
    text +=
      'é€a'
        .repeat(Math.floor((i * WRITE_SLICE_CHARS - 1 - text.length) / 3))
        .padEnd(i * WRITE_SLICE_CHARS - 1 - text.length, 'b') + '😀';
  return `${text}tail\n`;
}

describe('sliced writes', () => {
  it('write_file writes the exact UTF-8 of a text of several slices, and reports its byte size', async () => {
    const ws = tempWorkspace();
    const content = textAcrossSlices(3);
    const bytes = Buffer.byteLength(content, 'utf8');
    const result = await call(registryFor(ws), 'write_file', { path: 'big.txt', content });
    assert.match(result.content, new RegExp(`^Wrote ${bytes} bytes to big\\.txt `));
    const written = fs.readFileSync(path.join(ws.root, 'big.txt'));
    assert.equal(written.byteLength, bytes);
    assert.ok(
      written.equals(Buffer.from(content, 'utf8')),
      'byte for byte the text, no U+FFFD where a pair met a slice boundary',
    );
  });

  it('a shorter write replaces a longer file whole (nothing of the old bytes is left at the end)', async () => {
    const ws = tempWorkspace();
    const r = registryFor(ws);
    await call(r, 'write_file', { path: 'f.txt', content: textAcrossSlices(2) });
    await call(r, 'write_file', { path: 'f.txt', content: 'short' });
    assert.equal(ws.read('f.txt'), 'short');
  });

  it('edit_file on a file of several slices: the edit near its end, the line counted, the rest unchanged', async () => {
    const ws = tempWorkspace();
    const lines = Array.from({ length: 30_000 }, (_, i) => `line ${i} ✓`);
    ws.file('long.txt', `${lines.join('\n')}\n`);
    const result = await call(registryFor(ws), 'edit_file', {
      path: 'long.txt',
      old_string: 'line 29998 ✓',
      new_string: 'changed 😀',
    });
    assert.match(result.content, /at line 29999 /);
    lines[29_998] = 'changed 😀';
    assert.equal(ws.read('long.txt'), `${lines.join('\n')}\n`);
  });

  it('reports the line an edit starts on: the newlines before it, plus one', async () => {
    const lineOf = async (old: string): Promise<string | undefined> => {
      const ws = tempWorkspace();
      ws.file('f.txt', 'a\nb\nc');
      const { content } = await call(registryFor(ws), 'edit_file', { path: 'f.txt', old_string: old, new_string: 'x' });
      return /at line (\d+) /.exec(content)?.[1];
    };
    assert.equal(await lineOf('a'), '1');
    assert.equal(await lineOf('\nb'), '1', 'the newline itself is on its line');
    assert.equal(await lineOf('b'), '2');
    assert.equal(await lineOf('c'), '3');
  });
});
