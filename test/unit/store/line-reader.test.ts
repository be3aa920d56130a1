// Reading a log backward with a floor (a bounded read from its end, for a preview):
// only the lines that start after the floor are visited, and the reader says whether
// it ended or stopped at the floor.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { forEachLineBackward } from '../../../extension/src/core/store/line-reader';
import { tempDir } from '../support/sessions';

const LINES = Array.from({ length: 40 }, (_, i) => `line ${i} ${'x'.repeat(i * 7)}`);

function linesFile(): { file: string; starts: number[] } {
  const file = path.join(tempDir(), 'lines.jsonl');
  fs.writeFileSync(file, LINES.map((l) => `${l}\n`).join(''));
  const starts: number[] = [];
  let at = 0;
  for (const line of LINES) {
    starts.push(at);
    at += Buffer.byteLength(line) + 1;
  }
  return { file, starts };
}

function visited(
  file: string,
  options: { floor?: number; blockSize?: number },
  stopAt?: string,
): { texts: string[]; ended: boolean } {
  const texts: string[] = [];
  const ended = forEachLineBackward(file, ({ text }) => (texts.push(text), text === stopAt), options);
  return { texts: texts.reverse(), ended };
}

describe('a backward read with a floor', () => {
  it('visits only the lines that start after the floor, whatever the block size, and says it stopped there', () => {
    const { file, starts } = linesFile();
    for (const blockSize of [16, 100, 1 << 16]) {
      for (const floor of [1, starts[10]! - 1, starts[10]!, starts[10]! + 1, starts[39]!]) {
        const { texts, ended } = visited(file, { floor, blockSize });
        assert.equal(ended, false, `floor ${floor}`);
        assert.deepEqual(
          texts,
          LINES.filter((_, i) => starts[i]! > floor),
          `floor ${floor}, blocks of ${blockSize}`,
        );
      }
    }
  });

  it('ends as before when the floor is 0 or the visitor stops above it', () => {
    const { file, starts } = linesFile();
    assert.deepEqual(visited(file, { floor: 0 }), { texts: LINES, ended: true });
    assert.deepEqual(visited(file, {}), { texts: LINES, ended: true });
    assert.deepEqual(visited(file, { floor: starts[5]! }, LINES[30]), { texts: LINES.slice(30), ended: true });
  });
});
