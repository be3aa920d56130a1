// The todo_write contract as a table of calls, shared by the core tool's tests and
// every surface that offers the same tool (the MCP server, the VS Code
// language-model tool), so each proves the same accept/reject, text and stored list.
// `stored` is the standing plan after the call (a rejection leaves it as it was).
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { todo } from './sessions';

interface ContractCall {
  args: Record<string, unknown>;
  isError: boolean;
  text: string;
  /** The list stored after this call; undefined: nothing has been written yet. */
  stored?: TodoItem[];
}

export interface ContractCase {
  name: string;
  allowParallelInProgress: boolean;
  calls: ContractCall[];
}

const updated = (p: number, i: number, c: number) =>
  `Updated todo list: ${p} pending, ${i} in progress, ${c} completed.`;
const rejected = (name: string, args: Record<string, unknown>, text: string): ContractCase => ({
  name,
  allowParallelInProgress: true,
  calls: [{ args, isError: true, text }],
});

export const TODO_WRITE_CONTRACT_CASES: ContractCase[] = [
  rejected('rejects a missing todos', {}, 'Error: invalid arguments: todos is required'),
  rejected('rejects a non-array todos', { todos: 'x' }, 'Error: invalid arguments: todos must be an array'),
  rejected(
    'rejects an unknown status',
    { todos: [{ content: 'a', status: 'done' }] },
    'Error: invalid arguments: todos[0].status must be one of "pending", "in_progress", "completed"',
  ),
  rejected(
    'rejects an undeclared item key',
    { todos: [todo('a'), todo('b'), { content: 'c', status: 'pending', id: 3 }] },
    'Error: invalid arguments: todos[2].id is not allowed',
  ),
  rejected('rejects a non-object item', { todos: [5] }, 'Error: invalid arguments: todos[0] must be an object'),
  rejected(
    'rejects a non-string content',
    { todos: [{ content: 1, status: 'pending' }] },
    'Error: invalid arguments: todos[0].content must be a string',
  ),
  rejected(
    'rejects content empty after trimming',
    { todos: [todo('ok'), todo(' \u3000\t')] },
    'Error: invalid todo: `content` must be a non-empty string',
  ),
  rejected(
    'rejects duplicates judged on trimmed content, JSON-quoted',
    { todos: [todo('say "hi"'), todo('  say "hi"  ')] },
    'Error: invalid todos: duplicate content "say \\"hi\\""',
  ),
  rejected(
    'checks items in order: an empty item before a duplicate reports the empty one',
    { todos: [todo('x'), todo(''), todo('x')] },
    'Error: invalid todo: `content` must be a non-empty string',
  ),
  {
    name: 'ignores keys beside todos at the top level',
    allowParallelInProgress: true,
    calls: [{ args: { todos: [todo('a')], merge: true }, isError: false, text: updated(1, 0, 0), stored: [todo('a')] }],
  },
  {
    name: 'trims content (all Unicode white space and the BOM) and stores the trimmed value',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('\uFEFF\u00a0 read the code \u2003\n')] },
        isError: false,
        text: updated(1, 0, 0),
        stored: [todo('read the code')],
      },
    ],
  },
  {
    name: 'judges duplicates case-sensitively',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('A'), todo('a')] },
        isError: false,
        text: updated(2, 0, 0),
        stored: [todo('A'), todo('a')],
      },
    ],
  },
  {
    name: 'keeps the model order',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('c', 'completed'), todo('a', 'in_progress'), todo('b')] },
        isError: false,
        text: updated(1, 1, 1),
        stored: [todo('c', 'completed'), todo('a', 'in_progress'), todo('b')],
      },
    ],
  },
  {
    name: 'accepts an empty list, writes it and reports zero counts',
    allowParallelInProgress: true,
    calls: [{ args: { todos: [] }, isError: false, text: updated(0, 0, 0), stored: [] }],
  },
  {
    name: 'stores the canonical list and answers the exact text',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'in_progress'), todo(' d ')] },
        isError: false,
        text: updated(1, 2, 1),
        stored: [todo('a', 'completed'), todo('b', 'in_progress'), todo('c', 'in_progress'), todo('d')],
      },
    ],
  },
  {
    name: 'replaces the previous list on the next call (last write wins), and a rejection keeps it',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('a'), todo('b')] },
        isError: false,
        text: updated(2, 0, 0),
        stored: [todo('a'), todo('b')],
      },
      {
        args: { todos: [todo('b', 'completed')] },
        isError: false,
        text: updated(0, 0, 1),
        stored: [todo('b', 'completed')],
      },
      {
        args: { todos: [todo('b', 'completed'), todo('b')] },
        isError: true,
        text: 'Error: invalid todos: duplicate content "b"',
        stored: [todo('b', 'completed')],
      },
    ],
  },
  {
    name: 'with parallel allowed, accepts several in_progress items',
    allowParallelInProgress: true,
    calls: [
      {
        args: { todos: [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c', 'in_progress')] },
        isError: false,
        text: updated(0, 3, 0),
        stored: [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c', 'in_progress')],
      },
    ],
  },
  {
    name: 'with parallel forbidden, rejects more than one in_progress item with the exact message, then accepts one',
    allowParallelInProgress: false,
    calls: [
      {
        args: { todos: [todo('a', 'in_progress'), todo('b', 'in_progress'), todo('c', 'in_progress')] },
        isError: true,
        text: 'Error: invalid todos: at most one task may be in_progress (got 3)',
      },
      {
        args: { todos: [todo('a', 'in_progress'), todo('b')] },
        isError: false,
        text: updated(1, 1, 0),
        stored: [todo('a', 'in_progress'), todo('b')],
      },
    ],
  },
];
