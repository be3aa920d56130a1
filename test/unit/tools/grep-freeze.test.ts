// grep cannot freeze the agent: a catastrophic pattern runs in linear time (RE2), and
// Stop is answered mid-search, while the event loop keeps turning. Holds and Stop's
// latency are measured in the loop thread's CPU time (support/loop-hold.ts): the work
// the product does on the loop, which a loaded CI machine does not inflate.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import {
  createGrepTool,
  GREP_STOPPED_MESSAGE,
  longLinesText,
  MAX_SEARCHED_LINE_CHARS,
  noMatchesText,
} from '../../../extension/src/core/tools/grep/grep-tool';
import { compileLinear } from '../../../extension/src/core/tools/grep/linear-regex';
import { noRipgrep } from '../support/no-ripgrep';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { loopClock, measureLoopHold } from '../support/loop-hold';
import { ctx, tempWorkspace } from './support';

const MAX_MATCH_LINE_CHARS = 300;

describe('grep on a linear-time engine', () => {
  // The engine's one-time load (its wasm is compiled at the first search, ~90 ms) is not
  // a pattern's cost: measured apart by the bundle bench, never per search.
  before(() => void compileLinear('load')); // RE2 is loaded at the first pattern it compiles

  it('answers ^(a+)+$ over `a`×40 and `!` at once (a backtracking engine takes hours), never holding the event loop', async () => {
    const ws = tempWorkspace();
    ws.file('evil.txt', `${'a'.repeat(40)}!\n${'a'.repeat(5000)}!\naaaa\n`);
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, noRipgrep));
    const { value, holdMs, wallMs, clock } = await measureLoopHold(() =>
      registry.execute('grep', JSON.stringify({ pattern: '^(a+)+$' }), ctx()),
    );
    assert.deepEqual(value, { isError: false, content: 'evil.txt:3: aaaa' });
    assert.ok(
      holdMs < 250,
      `the event loop was held for ${holdMs.toFixed(0)} ms (${clock}; longest wall gap ${wallMs.toFixed(0)} ms)`,
    );
    assert.equal(
      (await registry.execute('grep', JSON.stringify({ pattern: '(a*)*b' }), ctx())).content,
      noMatchesText('(a*)*b', '.'),
    );
  });

  // One RE2 call cannot be sliced: a 4 MB line held the loop ~150 ms of CPU, and one
  // over ~5 MB aborted the engine ("Cannot enlarge memory arrays": its heap is 16 MB).
  it('skips lines too long to match in one slice and says which, keeping the loop free (a 6 MB minified line)', async () => {
    const ws = tempWorkspace();
    const longest = 'a'.repeat(MAX_SEARCHED_LINE_CHARS);
    ws.file(
      'bundle.min.js',
      `aaaa\n${'a'.repeat(6 * 1024 * 1024)}!\n${longest}\n${'é'.repeat(MAX_SEARCHED_LINE_CHARS + 1)}\n`,
    );
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, noRipgrep));
    const { value, holdMs, wallMs, clock } = await measureLoopHold(() =>
      registry.execute('grep', JSON.stringify({ pattern: '^(a+)+$' }), ctx()),
    );
    const expected = [
      'bundle.min.js:1: aaaa',
      `bundle.min.js:3: ${longest.slice(0, MAX_MATCH_LINE_CHARS)}…`,
      longLinesText(2, 'bundle.min.js:2'),
    ];
    assert.deepEqual(
      value,
      { isError: false, content: expected.join('\n') },
      'a line of exactly the limit is still searched',
    );
    assert.ok(
      holdMs < 250,
      `the event loop was held for ${holdMs.toFixed(0)} ms (${clock}; longest wall gap ${wallMs.toFixed(0)} ms)`,
    );
    // No literal to prefilter with (`z{3}`): every line is a candidate, so the long ones are told.
    const none = await registry.execute('grep', JSON.stringify({ pattern: 'z{3}' }), ctx());
    assert.equal(
      none.content,
      `${noMatchesText('z{3}', '.')}\n${longLinesText(2, 'bundle.min.js:2')}`,
      'no matches still tells what was not searched',
    );
    // A literal no long line holds: they cannot match, so nothing is said of them.
    const literal = await registry.execute('grep', JSON.stringify({ pattern: 'zzz' }), ctx());
    assert.equal(literal.content, noMatchesText('zzz', '.'));
  });

  it("refuses backreferences and lookaround with the engine's reason", async () => {
    const ws = tempWorkspace();
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, noRipgrep));
    assert.match(
      (await registry.execute('grep', JSON.stringify({ pattern: '(a)\\1' }), ctx())).content,
      /^Error: invalid pattern: /,
    );
    assert.match(
      (await registry.execute('grep', JSON.stringify({ pattern: '(?<=a)b' }), ctx())).content,
      /^Error: invalid pattern: /,
    );
  });

  it('Stop ends a long search within 500 ms, mid-file, with the stopped result', async () => {
    const ws = tempWorkspace();
    const line = `${'a'.repeat(60)}!\n`;
    for (let i = 0; i < 8; i++)
      fs.writeFileSync(path.join(ws.root, `big-${i}.txt`), line.repeat(Math.floor((9 * 1024 * 1024) / line.length)));
    const registry = new ToolRegistry();
    registry.register(createGrepTool(ws.workspace, undefined, noRipgrep));
    const controller = new AbortController();
    let stoppedAt: { loop: number; wall: number } | undefined;
    setTimeout(() => {
      stoppedAt = { loop: loopClock.now(), wall: performance.now() };
      controller.abort();
    }, 300);
    const { value, holdMs, wallMs, clock } = await measureLoopHold(() =>
      registry.execute('grep', JSON.stringify({ pattern: '^(a+)+$' }), ctx(controller.signal)),
    );
    assert.ok(stoppedAt, 'the search ended before Stop was pressed; make the files bigger');
    const answeredIn = loopClock.now() - stoppedAt.loop;
    const answeredInWall = performance.now() - stoppedAt.wall;
    assert.deepEqual(value, { isError: true, content: `Error: ${GREP_STOPPED_MESSAGE}` });
    assert.ok(
      answeredIn < 500,
      `Stop was answered after ${answeredIn.toFixed(0)} ms (${clock}; ${answeredInWall.toFixed(0)} ms wall)`,
    );
    assert.ok(
      holdMs < 250,
      `the event loop was held for ${holdMs.toFixed(0)} ms (${clock}; longest wall gap ${wallMs.toFixed(0)} ms)`,
    );
  });
});
