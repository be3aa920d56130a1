// The one reader of an append-only JSONL file another program writes (the agents'
// session files): only whole lines, each once, in order; a line still being written
// waits; each line checked against the caller's schema; a file that shrank is refused.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { isFileShrankError, JsonlTail } from '../../../extension/src/core/store/jsonl-tail';
import { tempDir } from '../support/sessions';

const entry = z.object({ n: z.number() });

function read(tail: JsonlTail<{ n: number }>, andUnfinished = false): ({ n: number } | undefined)[] {
  const seen: ({ n: number } | undefined)[] = [];
  tail.readAppended((line) => seen.push(line), andUnfinished);
  return seen;
}

describe('JsonlTail', () => {
  it('visits each whole line once, keeps a line being written for the next read, and checks each against the schema', () => {
    const file = path.join(tempDir('jsonl-tail-'), 'a.jsonl');
    fs.writeFileSync(file, '{"n":1}\n\n{"n":"two"}\nnot json\n{"n":3');
    const tail = new JsonlTail(file, entry);
    assert.deepEqual(read(tail), [{ n: 1 }, undefined, undefined]);
    assert.deepEqual(read(tail), []);
    fs.appendFileSync(file, '}\n{"n":4}\n');
    assert.deepEqual(read(tail), [{ n: 3 }, { n: 4 }]);
    fs.appendFileSync(file, '{"n":5}');
    assert.deepEqual(read(tail, true), [{ n: 5 }], 'a whole-file read takes the unfinished line as it stands');
  });

  it('reads a line longer than its block whole', () => {
    const file = path.join(tempDir('jsonl-tail-'), 'long.jsonl');
    const long = { n: 1, pad: 'x'.repeat(3 << 20) };
    fs.writeFileSync(file, `${JSON.stringify(long)}\n{"n":2}\n`);
    assert.deepEqual(read(new JsonlTail(file, entry)), [{ n: 1 }, { n: 2 }]);
  });

  it('refuses a file that shrank under it', () => {
    const file = path.join(tempDir('jsonl-tail-'), 'b.jsonl');
    fs.writeFileSync(file, '{"n":1}\n{"n":2}\n');
    const tail = new JsonlTail(file, entry);
    read(tail);
    fs.writeFileSync(file, '{"n":9}\n');
    assert.throws(() => read(tail), isFileShrankError);
  });
});
