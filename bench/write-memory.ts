// write_file's memory bound (issue 20): peak resident memory of one 9 MB write_file
// call, in a child process of its own (write-memory-child.ts), against 3x the content.
// Runs repeated: the peak varies with when V8 collects the JSON parser's scratch copy.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod/mini';

const reportSchema = z.strictObject({
  before: z.number(),
  peak: z.number(),
  isError: z.boolean(),
  content: z.string(),
});
const WRITE_MEMORY_BYTES = 9 * 1024 * 1024;

/** The peak growth of each run, as a multiple of the content size. */
export function writeMemoryRatios(runs: number): number[] {
  const ratios: number[] = [];
  for (let i = 0; i < runs; i++) {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-bench-write-'));
    try {
      const child = spawnSync(
        process.execPath,
        [
          '--expose-gc',
          '--import',
          'tsx',
          path.join(__dirname, 'write-memory-child.ts'),
          root,
          String(WRITE_MEMORY_BYTES),
        ],
        { encoding: 'utf8' },
      );
      if (child.status !== 0) throw new Error(`write-memory-child failed: ${child.stderr}`);
      const report = reportSchema.parse(JSON.parse(child.stdout));
      if (report.isError) throw new Error(`write_file refused the bench's content: ${report.content}`);
      ratios.push((report.peak - report.before) / WRITE_MEMORY_BYTES);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }
  return ratios;
}
