// write_file's memory bound (issue 20, "Honest caps"): writing a 9 MB file raises the
// process's peak resident memory by less than 3x the content size. Measured in a
// child process of its own (fixtures/write-child.ts), so this test runner's heap
// does not blur it; the peak is the kernel's maxRSS, an upper bound of the call's own.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { tempWorkspace } from './support';

const reportSchema = z.strictObject({ before: z.number(), peak: z.number(), isError: z.boolean(), content: z.string() });
const SIZE = 9 * 1024 * 1024;

describe('write_file memory', () => {
  it('peaks under 3x the content size for a 9 MB file', () => {
    const ws = tempWorkspace();
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'fixtures', 'write-child.ts'), ws.root, String(SIZE)], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const report = reportSchema.parse(JSON.parse(child.stdout));
    assert.equal(report.isError, false, report.content);
    assert.equal(fs.statSync(path.join(ws.root, 'big.txt')).size, SIZE);
    const grew = report.peak - report.before;
    assert.ok(grew < 3 * SIZE, `peak RSS grew ${grew} bytes writing ${SIZE}`);
  });
});
