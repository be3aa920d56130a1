const PLAN_HEADING =
  '[Standing plan: your todo list as it stands on the session ' +
  'log. It is authoritative; keep it current with todo_write]';
// The scripted "surveyor" behind the windowed server: asked to read every file, it
// plans one todo per file, reads them in order, and marks each completed the moment
// its content arrived. It keeps no memory between requests: its progress is the
// latest todo list the request shows it (its own last todo_write call, or the plan
// restated after a compaction's summary). A request without tools is a compaction
// request: it answers with a summary. Losing the plan would make it start over.

export type WireItem =
  | { kind: 'user'; text: string }
  | { kind: 'call'; id: string; name: string; args: unknown }
  | { kind: 'result'; id: string; content: string };

export type Decision = { text: string } | { calls: { name: string; args: unknown }[] };

export const REPORT_PROMPT = 'What did you find?';
export const FINAL_TEXT = 'Surveyed every file.';

interface Item {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

let summaries = 0;

function todosOf(args: unknown): Item[] | null {
  if (typeof args !== 'object' || args === null || !('todos' in args) || !Array.isArray(args.todos)) return null;
  return args.todos as Item[];
}

/** The latest plan the request shows: the last todo_write call, else the restatement after a summary. */
function latestPlan(items: readonly WireItem[]): Item[] | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i]!;
    if (item.kind === 'call' && item.name === 'todo_write') return todosOf(item.args);
    if (item.kind === 'user' && item.text.includes(PLAN_HEADING)) {
      const lines = item.text.slice(item.text.indexOf(PLAN_HEADING)).split('\n');
      const plan = lines.flatMap((line) => {
        const m = /^\d+\. \[(pending|in_progress|completed)\] (.+)$/.exec(line);
        return m ? [{ status: m[1] as Item['status'], content: m[2]! }] : [];
      });
      return plan.length ? plan : null;
    }
  }
  return null;
}

export function decide(items: readonly WireItem[], hasTools: boolean, files: readonly string[]): Decision {
  if (!hasTools) {
    const read = items.flatMap((i) =>
      i.kind === 'call' && i.name === 'read_file' ? [String((i.args as { path?: unknown }).path)] : [],
    );
    return {
      text: `Summary #${++summaries}: surveying ${files.length} files one by one; read in this part: ${read.join(', ') || 'none'}.`,
    };
  }
  const lastUser = [...items].reverse().find((i) => i.kind === 'user');
  const last = items[items.length - 1];
  if (lastUser?.kind === 'user' && lastUser.text === REPORT_PROMPT && last === lastUser)
    return { text: `I read all ${files.length} files.` };
  const plan = latestPlan(items);
  if (!plan)
    return {
      calls: [
        {
          name: 'todo_write',
          args: { todos: files.map((f, i) => ({ content: `Read ${f}`, status: i === 0 ? 'in_progress' : 'pending' })) },
        },
      ],
    };
  const current = plan.findIndex((i) => i.status !== 'completed');
  if (current === -1) return { text: FINAL_TEXT };
  const file = files[current]!;
  const call = last?.kind === 'result' ? items.find((i) => i.kind === 'call' && i.id === last.id) : undefined;
  const justRead =
    call?.kind === 'call' && call.name === 'read_file' && (call.args as { path?: unknown }).path === file;
  if (!justRead) return { calls: [{ name: 'read_file', args: { path: file } }] };
  const next = plan.map((item, i) => ({
    content: item.content,
    status: i <= current ? 'completed' : i === current + 1 ? 'in_progress' : 'pending',
  }));
  const write = { name: 'todo_write', args: { todos: next } };
  const nextFile = files[current + 1];
  return { calls: nextFile === undefined ? [write] : [write, { name: 'read_file', args: { path: nextFile } }] };
}
