// Pins every line of the todo_write contract (docs/todo-write-contract.md).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createTodoWriteTool, TODO_WRITE_TITLE } from '../../../extension/src/core/tools/todo-write/todo-write-tool';
import { validateTodoWrite } from '../../../extension/src/core/plan/todo-write-rules';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { planToolSpecs } from '../../../extension/src/core/mcp/plan-tools';
import { todoWriteView } from '../../../extension/src/core/tools/todo-write/todo-write-view';
import * as fs from 'node:fs';
import type { ToolContext } from '../../../extension/src/core/tools/tool';
import { memorySession, openStepWithCalls, todo } from '../support/sessions';
import { TODO_WRITE_CONTRACT_CASES } from '../support/todo-write-cases';

const ACTIVE_CLAUSE_PARALLEL =
  'Mark every todo you are actively working on as `in_progress`: several at once when ' +
  'work genuinely runs in parallel (concurrent subagents, background commands), one ' +
  'for sequential work. While work remains, at least one task should be `in_progress`.';
const ACTIVE_CLAUSE_SINGLE =
  'Keep AT MOST ONE todo `in_progress` at a time. While work remains, exactly one task should be `in_progress`.';
const DESCRIPTION_HEAD =
  'Record and update a structured task list for the current work. Send the ENTIRE list on every call: ' +
  'it REPLACES the previous list (there are no partial updates and no per-item edits). Use it to plan ' +
  'multi-step work and to show the user your progress; add one todo per concrete step before you start.';
const DESCRIPTION_TAIL =
  'Mark a todo `completed` the moment it is done; do not batch completions. Leave no item ' +
  '`in_progress` only once all work is complete. Skip the list for trivial single-step tasks. ' +
  'Statuses: `pending` = not started; `in_progress` = being worked on now; `completed` = finished.';

const PARALLEL = { allowParallelInProgress: true };
const SINGLE = { allowParallelInProgress: false };

function ctxFor(session = memorySession()): ToolContext & { session: ReturnType<typeof memorySession> } {
  openStepWithCalls(session, ['c1']);
  return { agent: { session }, signal: new AbortController().signal, callId: 'c1', session };
}

const writes = (s: ReturnType<typeof memorySession>) => s.events.filter((e) => e.type === 'todo/write');

describe('todo_write schema', () => {
  it('exposes a JSON Schema generated from zod with closed items and the three statuses', () => {
    const tool = createTodoWriteTool(PARALLEL);
    assert.equal(tool.name, 'todo_write');
    assert.deepEqual(tool.parameters, {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              content: { type: 'string' },
              status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
            },
            required: ['content', 'status'],
            additionalProperties: false,
          },
        },
      },
      required: ['todos'],
    });
  });

  const cases: [string, unknown, string][] = [
    ['a missing todos', {}, 'Error: invalid arguments: todos is required'],
    ['a non-array todos', { todos: 'x' }, 'Error: invalid arguments: todos must be an array'],
    [
      'an unknown status',
      { todos: [{ content: 'a', status: 'done' }] },
      'Error: invalid arguments: todos[0].status must be one of "pending", "in_progress", "completed"',
    ],
    [
      'an undeclared item key',
      { todos: [todo('a'), todo('b'), { content: 'c', status: 'pending', id: 3 }] },
      'Error: invalid arguments: todos[2].id is not allowed',
    ],
    ['a non-object item', { todos: [5] }, 'Error: invalid arguments: todos[0] must be an object'],
    [
      'a non-string content',
      { todos: [{ content: 1, status: 'pending' }] },
      'Error: invalid arguments: todos[0].content must be a string',
    ],
    ['arguments that are not an object', null, 'Error: invalid arguments: (arguments) must be an object'],
  ];
  for (const [what, args, text] of cases) {
    it(`rejects ${what}, naming its JSON path, and appends nothing`, async () => {
      const ctx = ctxFor();
      const before = ctx.session.lastSeq;
      const result = await createTodoWriteTool(PARALLEL).execute(args, ctx);
      assert.deepEqual(result, { isError: true, content: text });
      assert.equal(ctx.session.lastSeq, before);
    });
  }

  it('ignores keys beside todos at the top level', async () => {
    const ctx = ctxFor();
    const result = await createTodoWriteTool(PARALLEL).execute({ todos: [todo('a')], merge: true }, ctx);
    assert.equal(result.isError, false);
    assert.deepEqual(writes(ctx.session).at(-1)?.data, { todos: [todo('a')] });
  });
});

describe('todo_write values', () => {
  it('trims content (all Unicode white space and the BOM) and stores the trimmed value', async () => {
    const ctx = ctxFor();
    await createTodoWriteTool(PARALLEL).execute({ todos: [todo('\uFEFF\u00a0 read the code \u2003\n')] }, ctx);
    assert.deepEqual(writes(ctx.session).at(-1)?.data, { todos: [todo('read the code')] });
  });

  it('rejects content that is empty after trimming with the exact message', () => {
    assert.deepEqual(validateTodoWrite({ todos: [todo('ok'), todo(' \u3000\t')] }, PARALLEL), {
      ok: false,
      message: 'invalid todo: `content` must be a non-empty string',
    });
  });

  it('rejects duplicates judged on trimmed content, JSON-quoted', () => {
    assert.deepEqual(validateTodoWrite({ todos: [todo('say "hi"'), todo('  say "hi"  ')] }, PARALLEL), {
      ok: false,
      message: 'invalid todos: duplicate content "say \\"hi\\""',
    });
  });

  it('judges duplicates case-sensitively', () => {
    assert.equal(validateTodoWrite({ todos: [todo('A'), todo('a')] }, PARALLEL).ok, true);
  });

  it('checks items in order: an empty item before a duplicate reports the empty one', () => {
    assert.deepEqual(validateTodoWrite({ todos: [todo('x'), todo(''), todo('x')] }, PARALLEL), {
      ok: false,
      message: 'invalid todo: `content` must be a non-empty string',
    });
  });

  it('keeps the model order', async () => {
    const ctx = ctxFor();
    const list = [todo('c', 'completed'), todo('a', 'in_progress'), todo('b')];
    await createTodoWriteTool(PARALLEL).execute({ todos: list }, ctx);
    assert.deepEqual(writes(ctx.session).at(-1)?.data.todos, list);
  });

  it('accepts an empty list, writes it and reports zero counts', async () => {
    const ctx = ctxFor();
    const result = await createTodoWriteTool(PARALLEL).execute({ todos: [] }, ctx);
    assert.deepEqual(result, { isError: false, content: 'Updated todo list: 0 pending, 0 in progress, 0 completed.' });
    assert.deepEqual(writes(ctx.session).at(-1)?.data, { todos: [] });
  });
});

describe('todo_write success', () => {
  it('appends one todo/write with the canonical list and returns the exact text', async () => {
    const ctx = ctxFor();
    const before = ctx.session.lastSeq;
    const result = await createTodoWriteTool(PARALLEL).execute(
      { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'in_progress'), todo(' d ')] },
      ctx,
    );
    assert.equal(ctx.session.lastSeq, before + 1);
    const expected = [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'in_progress'), todo('d')];
    assert.deepEqual(ctx.session.events.at(-1), {
      seq: before + 1,
      ts: ctx.session.events.at(-1)?.ts,
      type: 'todo/write',
      data: { todos: expected },
    });
    assert.deepEqual(result, {
      isError: false,
      content: 'Updated todo list: 1 pending, 2 in progress, 1 completed.',
    });
  });

  it('replaces the previous list on the next call (last write wins)', async () => {
    const session = memorySession();
    openStepWithCalls(session, ['c1', 'c2']);
    const tool = createTodoWriteTool(PARALLEL);
    const signal = new AbortController().signal;
    await tool.execute({ todos: [todo('a'), todo('b')] }, { agent: { session }, signal, callId: 'c1' });
    await tool.execute({ todos: [todo('b', 'completed')] }, { agent: { session }, signal, callId: 'c2' });
    assert.deepEqual(
      writes(session).map((e) => e.data.todos),
      [[todo('a'), todo('b')], [todo('b', 'completed')]],
    );
  });

  it('presents the call as "Update todo list" (the MCP tool and the language model tool) with the list as its row', () => {
    assert.equal(TODO_WRITE_TITLE, 'Update todo list');
    const tool = createTodoWriteTool(PARALLEL);
    assert.equal(planToolSpecs(tool)[0]?.title, 'Update todo list');
    const nls = JSON.parse(fs.readFileSync('package.nls.json', 'utf8')) as Record<string, unknown>;
    assert.equal(nls['lmTool.todoWrite.displayName'], 'Update todo list');
    const list = [todo('a')];
    const row = todoWriteView({
      name: 'todo_write',
      arguments: JSON.stringify({ todos: list }),
      args: { todos: list },
      result: null,
      todos: list,
      child: null,
    });
    assert.deepEqual(row.view.kind === 'todo' ? row.view.plan?.todos : null, list);
  });
});

describe('todo_write policy', () => {
  const twoActive = { todos: [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c', 'in_progress')] };

  it('is required: creating the tool without it throws', () => {
    assert.throws(() => createTodoWriteTool({} as never), /allowParallelInProgress/);
  });

  it('with parallel allowed, describes several active tasks and accepts them', async () => {
    const tool = createTodoWriteTool(PARALLEL);
    assert.equal(tool.description, [DESCRIPTION_HEAD, ACTIVE_CLAUSE_PARALLEL, DESCRIPTION_TAIL].join('\n\n'));
    const ctx = ctxFor();
    assert.equal((await tool.execute(twoActive, ctx)).isError, false);
  });

  it('with parallel forbidden, describes at most one active task and rejects more with the exact message, appending nothing', async () => {
    const tool = createTodoWriteTool(SINGLE);
    assert.equal(tool.description, [DESCRIPTION_HEAD, ACTIVE_CLAUSE_SINGLE, DESCRIPTION_TAIL].join('\n\n'));
    const ctx = ctxFor();
    const before = ctx.session.lastSeq;
    assert.deepEqual(await tool.execute(twoActive, ctx), {
      isError: true,
      content: 'Error: invalid todos: at most one task may be in_progress (got 3)',
    });
    assert.equal(ctx.session.lastSeq, before);
    assert.equal((await tool.execute({ todos: [todo('a', 'in_progress'), todo('b')] }, ctx)).isError, false);
  });

  it('description clauses say what the contract says', () => {
    assert.match(DESCRIPTION_HEAD, /ENTIRE list/);
    assert.match(DESCRIPTION_HEAD, /REPLACES/);
    assert.match(ACTIVE_CLAUSE_SINGLE, /AT MOST ONE/);
    assert.match(ACTIVE_CLAUSE_PARALLEL, /several at once/);
    assert.match(DESCRIPTION_TAIL, /`completed` the moment it is done/);
    assert.match(DESCRIPTION_TAIL, /`pending`.*`in_progress`.*`completed`/s);
  });
});

describe('todo_write owner', () => {
  it('rejects a call with no owning agent session, after validation, appending nothing', async () => {
    const tool = createTodoWriteTool(PARALLEL);
    const signal = new AbortController().signal;
    assert.deepEqual(await tool.execute({ todos: [todo('a')] }, { signal, callId: 'x' }), {
      isError: true,
      content: 'Error: todo_write requires an owning agent session',
    });
    // Validation comes first: an invalid list from a non-agent caller reports the list.
    assert.deepEqual(await tool.execute({ todos: [todo('')] }, { signal, callId: 'x' }), {
      isError: true,
      content: 'Error: invalid todo: `content` must be a non-empty string',
    });
  });

  it('writes to the calling session only', async () => {
    const a = memorySession('a');
    const b = memorySession('b');
    openStepWithCalls(b, ['c1']);
    const ctx = ctxFor(a);
    await createTodoWriteTool(PARALLEL).execute({ todos: [todo('mine')] }, ctx);
    assert.equal(writes(a).length, 1);
    assert.equal(writes(b).length, 0);
  });
});

describe('todo_write registration', () => {
  it('returns a disposable: register -> dispose -> register leaves exactly one tool', () => {
    const registry = new ToolRegistry();
    const first = registry.register(createTodoWriteTool(PARALLEL));
    assert.throws(() => registry.register(createTodoWriteTool(PARALLEL)), /already registered/);
    first.dispose();
    assert.deepEqual(registry.names(), []);
    const second = registry.register(createTodoWriteTool(SINGLE));
    assert.deepEqual(registry.names(), ['todo_write']);
    first.dispose(); // a stale disposable must not remove the new registration
    assert.deepEqual(registry.names(), ['todo_write']);
    assert.match(registry.get('todo_write')!.description, /AT MOST ONE/);
    second.dispose();
    assert.deepEqual(registry.specs(), []);
  });

  it('through the registry, unparseable JSON is an error result and appends nothing', async () => {
    const registry = new ToolRegistry();
    registry.register(createTodoWriteTool(PARALLEL));
    const ctx = ctxFor();
    const before = ctx.session.lastSeq;
    const result = await registry.execute('todo_write', '{"todos": [', ctx);
    assert.equal(result.isError, true);
    assert.match(result.content, /^Error: invalid arguments: not valid JSON/);
    assert.equal(ctx.session.lastSeq, before);
  });
});

describe('todo_write contract table (shared with the MCP server and the language-model tool)', () => {
  for (const c of TODO_WRITE_CONTRACT_CASES) {
    it(c.name, async () => {
      const session = memorySession();
      openStepWithCalls(
        session,
        c.calls.map((_, i) => `c${i}`),
      );
      const tool = createTodoWriteTool({ allowParallelInProgress: c.allowParallelInProgress });
      for (const [i, call] of c.calls.entries()) {
        const before = session.lastSeq;
        const result = await tool.execute(call.args, {
          agent: { session },
          signal: new AbortController().signal,
          callId: `c${i}`,
        });
        assert.deepEqual({ isError: result.isError, text: result.content }, { isError: call.isError, text: call.text });
        assert.equal(session.lastSeq, before + (call.isError ? 0 : 1));
        assert.deepEqual(writes(session).at(-1)?.data.todos, call.stored);
      }
    });
  }
});
