// Every tool's presenter (its descriptor's `present`, core/tools/presenters.ts): the view a row shows is
// made on the host from what the log says about the call. todo_write shows the list
// the tool logged (or rejected + its error); bash shows how the command ended from
// the tool's structured result (the real tool's output, not its text read back);
// edit/write a diff; subagent its child; everything else the generic view.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BUILT_IN_TOOLS } from '../../../extension/src/core/tools/built-in';
import { toolCatalog } from '../../../extension/src/core/tools/built-in';
import { presentToolCall } from '../../../extension/src/core/presenters/tool-call';
import type { ToolCallRecord } from '../../../extension/src/core/tools/tool-presenter';
import { createBashTool } from '../../../extension/src/core/tools/bash/bash-tool';
import { autoApprovals, ctx, tempWorkspace } from '../tools/support';

const DIFF_VIEW_LINE_CHARS = 1000;
const DIFF_VIEW_LINES = 500;

function call(name: string, over: Partial<ToolCallRecord> & { args?: unknown } = {}): ToolCallRecord {
  const text = over.arguments ?? (over.args === undefined ? '' : JSON.stringify(over.args));
  return { name, arguments: text, args: over.args, result: null, todos: null, child: null, ...over };
}

describe('presenters', () => {
  it('every built-in tool has its own descriptor, which presents its calls', () => {
    for (const name of BUILT_IN_TOOLS) assert.equal(toolCatalog.get(name)?.name, name);
  });

  it('todo_write: the logged list with its counts; a waiting call shows nothing yet', () => {
    const todos = [
      { content: 'Read', status: 'completed' as const },
      { content: 'Write', status: 'in_progress' as const },
      { content: 'Test', status: 'in_progress' as const },
    ];
    // The model padded its content; the row shows what the tool stored.
    const args = { todos: todos.map((t) => ({ ...t, content: ` ${t.content} ` })) };
    const shown = presentToolCall(
      call('todo_write', {
        args,
        todos,
        result: { isError: false, content: 'Updated todo list: 0 pending, 2 in progress, 1 completed.', details: null },
      }),
    );
    assert.deepEqual(shown.view, {
      kind: 'todo',
      plan: {
        todos,
        progress: {
          counts: { pending: 0, inProgress: 2, completed: 1 },
          done: 1,
          total: 3,
          firstActive: 'Write',
          moreActive: 1,
        },
      },
      error: null,
    });
    assert.deepEqual(presentToolCall(call('todo_write', { args })).view, { kind: 'todo', plan: null, error: null });
  });

  it('todo_write: a rejected call shows its error and no list, even when its arguments parse as one', () => {
    const args = {
      todos: [
        { content: 'A', status: 'in_progress' },
        { content: 'B', status: 'in_progress' },
      ],
    };
    const error = 'Error: invalid todos: at most one task may be in_progress (got 2)';
    assert.deepEqual(
      presentToolCall(call('todo_write', { args, result: { isError: true, content: error, details: null } })).view,
      { kind: 'todo', plan: null, error },
    );
    assert.deepEqual(
      presentToolCall(
        call('todo_write', {
          arguments: '{"todos": [',
          result: { isError: true, content: 'Error: invalid arguments: not valid JSON', details: null },
        }),
      ).view.kind,
      'todo',
    );
  });

  it("bash: command, exit code and output from the real tool's structured result", async () => {
    const ws = tempWorkspace();
    const tool = createBashTool({ workspace: ws.workspace, approvals: autoApprovals(), trusted: true });
    for (const [command, exit, output] of [
      ['printf "a\\nb\\n"; exit 3', { kind: 'exited', code: 3 }, 'a\nb'],
      ['true', { kind: 'exited', code: 0 }, '(no output)'],
      ['echo "[exit code: 7]"', { kind: 'exited', code: 0 }, '[exit code: 7]'],
    ] as const) {
      const result = await tool.execute({ command }, ctx());
      const shown = presentToolCall(
        call('bash', {
          args: { command },
          result: { isError: result.isError, content: result.content, details: result.details ?? null },
        }),
      );
      assert.deepEqual(shown.view, { kind: 'bash', command, exit, output, error: null }, command);
      assert.equal(shown.summary, command);
    }
    const timed = await tool.execute({ command: 'sleep 5', timeout_ms: 100 }, ctx());
    const view = presentToolCall(
      call('bash', {
        args: { command: 'sleep 5' },
        result: { isError: true, content: timed.content, details: timed.details ?? null },
      }),
    ).view;
    assert.ok(view.kind === 'bash' && view.exit?.kind === 'timed-out' && view.exit.timeoutMs === 100);
    // A shell ended by a signal (outside a sandbox, which reports 128 + n as an exit code instead).
    const unsandboxed = createBashTool({
      workspace: ws.workspace,
      approvals: autoApprovals(),
      trusted: true,
      sandbox: { mode: 'off', network: false },
    });
    const command = 'echo hi; kill -9 $$';
    const killed = await unsandboxed.execute({ command }, ctx());
    assert.equal(killed.content, 'hi\n[killed by signal SIGKILL]');
    assert.deepEqual(
      presentToolCall(
        call('bash', {
          args: { command },
          result: { isError: killed.isError, content: killed.content, details: killed.details ?? null },
        }),
      ).view,
      { kind: 'bash', command, exit: { kind: 'killed', signal: 'SIGKILL' }, output: 'hi', error: null },
    );
  });

  it('bash: a call that did not run shows why; a waiting one only its command', async () => {
    const ws = tempWorkspace();
    const tool = createBashTool({ workspace: ws.workspace, approvals: autoApprovals(), trusted: false });
    const refused = await tool.execute({ command: 'ls' }, ctx());
    assert.equal(refused.details, undefined);
    assert.deepEqual(
      presentToolCall(
        call('bash', { args: { command: 'ls' }, result: { isError: true, content: refused.content, details: null } }),
      ).view,
      { kind: 'bash', command: 'ls', exit: null, output: null, error: refused.content },
    );
    assert.deepEqual(presentToolCall(call('bash', { args: { command: 'ls\nrm x' } })), {
      summary: 'ls …',
      view: { kind: 'bash', command: 'ls\nrm x', exit: null, output: null, error: null },
    });
  });

  it('edit_file and write_file: the lines removed and added', () => {
    assert.deepEqual(
      presentToolCall(
        call('edit_file', {
          args: { path: 'a.ts', old_string: 'x\ny\n', new_string: 'z' },
          result: { isError: false, content: 'Edited a.ts', details: null },
        }),
      ),
      {
        summary: 'a.ts',
        view: {
          kind: 'diff',
          path: 'a.ts',
          lines: [
            { kind: 'del', text: 'x' },
            { kind: 'del', text: 'y' },
            { kind: 'add', text: 'z' },
          ],
          omitted: 0,
          result: 'Edited a.ts',
        },
      },
    );
    assert.deepEqual(presentToolCall(call('write_file', { args: { path: 'b.md', content: '' } })).view, {
      kind: 'diff',
      path: 'b.md',
      lines: [],
      omitted: 0,
      result: null,
    });
    assert.equal(
      presentToolCall(call('edit_file', { args: { path: 'a.ts' } })).view.kind,
      'generic',
      'arguments that are not an edit: the generic view',
    );
  });

  it('write_file and edit_file: a large change shows its first lines, each cut, and counts the rest', () => {
    const content = Array.from({ length: DIFF_VIEW_LINES + 250 }, (_, i) => `line ${i}`).join('\n') + '\n';
    const view = presentToolCall(call('write_file', { args: { path: 'big.txt', content } })).view;
    assert.ok(view.kind === 'diff');
    assert.equal(view.lines.length, DIFF_VIEW_LINES);
    assert.deepEqual(view.lines.at(-1), { kind: 'add', text: `line ${DIFF_VIEW_LINES - 1}` });
    assert.equal(view.omitted, 250);
    const long = 'x'.repeat(DIFF_VIEW_LINE_CHARS * 3);
    const edit = presentToolCall(
      call('edit_file', { args: { path: 'a.min.js', old_string: long, new_string: `${content}` } }),
    ).view;
    assert.ok(edit.kind === 'diff');
    assert.deepEqual(edit.lines[0], { kind: 'del', text: `${'x'.repeat(DIFF_VIEW_LINE_CHARS - 1)}…` });
    assert.equal(edit.lines.length, 1 + DIFF_VIEW_LINES);
    assert.equal(edit.omitted, 250, 'each side is bounded on its own; the omitted lines of both are counted');
    const exact = presentToolCall(
      call('write_file', { args: { path: 'n.txt', content: 'a\n'.repeat(DIFF_VIEW_LINES) } }),
    ).view;
    assert.ok(exact.kind === 'diff');
    assert.equal(exact.omitted, 0, 'exactly the bound: nothing left out');
    assert.equal(exact.lines.length, DIFF_VIEW_LINES);
  });

  it('read_file, list_files, grep and unknown tools: the generic view, with what the call acts on', () => {
    assert.deepEqual(
      presentToolCall(
        call('grep', { args: { pattern: 'TODO' }, result: { isError: false, content: 'a.ts:1: TODO', details: null } }),
      ),
      {
        summary: 'TODO',
        view: { kind: 'generic', input: '{"pattern":"TODO"}', result: 'a.ts:1: TODO' },
      },
    );
    assert.equal(presentToolCall(call('read_file', { args: { path: 'src/x.ts' } })).summary, 'src/x.ts');
    assert.equal(presentToolCall(call('list_files', { args: {} })).summary, '');
    assert.deepEqual(presentToolCall(call('mystery', { arguments: '<b>', args: undefined })).view, {
      kind: 'generic',
      input: '<b>',
      result: null,
    });
  });

  it('subagent: its task, the child once started, and the answer', () => {
    const child = { sessionId: 'k1', description: 'Survey', outcome: 'completed' as const };
    assert.deepEqual(
      presentToolCall(
        call('subagent', {
          args: { description: 'Survey', prompt: 'p' },
          child,
          result: { isError: false, content: 'Done.', details: null },
        }),
      ),
      {
        summary: 'Survey',
        view: { kind: 'subagent', description: 'Survey', child, result: 'Done.' },
      },
    );
    assert.deepEqual(presentToolCall(call('subagent', { args: { description: 'Survey', prompt: 'p' } })).view, {
      kind: 'subagent',
      description: 'Survey',
      child: null,
      result: null,
    });
  });
});
