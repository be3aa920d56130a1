// The row summaries the webview shows (core/protocol/tool-rows, zod/mini) are the
// same text the plan and tools domains define: pinned against summaries.callRowSummary,
// summaries.stripHeader and bash-tool's parseBashResult over generated inputs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { callRowSummary, stripHeader } from '../../../extension/src/core/plan/summaries';
import { parseBashResult, statusLine } from '../../../extension/src/core/tools/bash-tool';
import { argumentSummary, bashResultRow, fileChange, planCountsText, todoCallRow, todoCallRowMore, todoCallRowText } from '../../../extension/src/core/protocol/tool-rows';

const status = fc.constantFrom('pending' as const, 'in_progress' as const, 'completed' as const);
const todo = fc.record({ content: fc.string({ minLength: 1, maxLength: 12 }), status });

describe('todo_write row summary', () => {
  it('equals summaries.callRowSummary for any argument text, including malformed ones', () => {
    const raw = fc.oneof(
      fc.array(todo, { maxLength: 8 }).map((todos) => JSON.stringify({ todos })),
      fc.array(todo, { maxLength: 4 }).map((todos) => JSON.stringify({ todos, extra: 1 })),
      fc.array(fc.record({ content: fc.string(), status, more: fc.nat() }), { minLength: 1, maxLength: 3 }).map((todos) => JSON.stringify({ todos })),
      fc.string(),
      fc.json(),
    );
    fc.assert(
      fc.property(raw, (text) => {
        const expected = callRowSummary(text);
        const row = todoCallRow(text);
        if (expected === null) return assert.equal(row, null, text);
        assert.ok(row, text);
        assert.deepEqual({ text: todoCallRowText(row), more: todoCallRowMore(row) }, expected);
      }),
      { numRuns: 500 },
    );
  });

  it('shows done/total, the first active item and a separate +2 with three in progress', () => {
    const row = todoCallRow(JSON.stringify({ todos: [{ content: 'A', status: 'completed' }, { content: 'B', status: 'in_progress' }, { content: 'C', status: 'in_progress' }, { content: 'D', status: 'in_progress' }] }));
    assert.ok(row);
    assert.equal(todoCallRowText(row), '1/4 done · B');
    assert.equal(todoCallRowMore(row), '+2');
    assert.equal(todoCallRow('{"todos": "not a list"}'), null, 'the generic row');
  });
});

describe('plan counts', () => {
  it('equals summaries.stripHeader for any list', () => {
    fc.assert(fc.property(fc.array(todo, { maxLength: 10 }), (todos) => assert.equal(planCountsText(todos), stripHeader(todos))));
  });
});

describe('bash rows', () => {
  it('reads every status line the bash tool writes as parseBashResult does', () => {
    const run = fc.record({
      output: fc.string(),
      exitCode: fc.option(fc.integer({ min: -1, max: 255 }), { nil: null }),
      exitSignal: fc.option(fc.constantFrom('SIGTERM', 'SIGKILL'), { nil: null }),
      timedOut: fc.boolean(),
      stopped: fc.boolean(),
      spawnError: fc.constant(null),
      droppedBytes: fc.constant(0),
      pid: fc.constant(null),
    });
    fc.assert(
      fc.property(run, fc.string(), (r, refusal) => {
        const content = `${r.output}\n${statusLine(r, 1000)}`;
        assert.deepEqual(bashResultRow(content), parseBashResult(content));
        assert.deepEqual(bashResultRow(refusal), parseBashResult(refusal));
      }),
    );
    assert.deepEqual(bashResultRow('hi\n[exit code: 2]'), { output: 'hi', status: 'exited', exitCode: 2 });
  });
});

describe('argument summaries and diffs', () => {
  it('names what the call acts on in one short line', () => {
    assert.equal(argumentSummary('bash', '{"command":"npm test\\nnpm run lint"}'), 'npm test …');
    assert.equal(argumentSummary('read_file', '{"path":"src/a.ts"}'), 'src/a.ts');
    assert.equal(argumentSummary('grep', '{"pattern":"TODO"}'), 'TODO');
    assert.equal(argumentSummary('subagent', '{"description":"Survey","prompt":"p"}'), 'Survey');
    assert.equal(argumentSummary('bash', 'not json'), '');
    assert.equal(argumentSummary('bash', JSON.stringify({ command: 'x'.repeat(100) })).length, 80);
  });

  it('turns edit_file into -/+ lines and write_file into + lines', () => {
    assert.deepEqual(fileChange('edit_file', JSON.stringify({ path: 'a.ts', old_string: 'a\nb', new_string: 'c' })), {
      path: 'a.ts',
      lines: [
        { kind: 'del', text: 'a' },
        { kind: 'del', text: 'b' },
        { kind: 'add', text: 'c' },
      ],
    });
    assert.deepEqual(fileChange('write_file', JSON.stringify({ path: 'n.md', content: 'x\n' })), { path: 'n.md', lines: [{ kind: 'add', text: 'x' }] });
    assert.equal(fileChange('edit_file', '{"path":"a"}'), null, 'bad arguments: the generic row');
    assert.equal(fileChange('bash', '{}'), null);
  });
});
