// A session log for an agent that is not ours (an MCP client, a chat participant):
// its only events are turns holding `todo/write`s, written through the ONE todo_write
// implementation (tools/todo-write/todo-write-tool.ts; its rules: plan/todo-write-rules.ts),
// so the contract holds word for word.
//
// How turns are recorded (todo/write must sit inside an open turn): one turn per
// writer lifetime. The first ACCEPTED call creates the log (header + `turn/start`)
// and opens the turn; every accepted call appends one `todo/write`; `dispose()` (the
// client disconnected, the process is stopping) appends `turn/end { completed }`.
// A rejected call appends nothing and, before the first accepted one, creates no
// file. A writer that dies without dispose() leaves the turn open and its lock
// stale; the next writer over the folder repairs it (repairAbandonedLogs), closing
// the turn `interrupted` with the plan untouched.
import type { Disposable } from '../disposable';
import { SessionFolds } from '../plan/session-folds';
import type { SessionSource } from '../session/source';
import type { SessionStore, WritableSession } from '../store/session-store';
import { errorResult, type ToolResult } from '../tools/tool';
import type { StandingPlan } from '../plan/todos-projection';
import { createTodoWriteTool } from '../tools/todo-write/todo-write-tool';
import { validateTodoWrite, type TodoWritePolicy } from '../plan/todo-write-rules';

export interface ExternalPlanSessionOptions {
  store: SessionStore;
  source: SessionSource;
  policy: TodoWritePolicy;
  cwd?: string;
  title?: string;
  /** Told once, when the log file is created (diagnostics). */
  onCreated?: (opened: WritableSession) => void;
}

export class ExternalPlanSession implements Disposable {
  private opened: WritableSession | undefined;
  private readonly folds = new SessionFolds({ transcript: null });
  private following: Disposable | undefined;
  private readonly tool;
  private calls = 0;
  private disposed = false;

  constructor(private readonly options: ExternalPlanSessionOptions) {
    this.tool = createTodoWriteTool(options.policy);
  }

  get description(): string {
    return this.tool.description;
  }

  get parameters(): Record<string, unknown> {
    return this.tool.parameters;
  }

  /** The log, once the first accepted call created it. */
  get log(): WritableSession | undefined {
    return this.opened;
  }

  /** The standing plan of this session (null before the first accepted write). */
  get standingPlan(): StandingPlan {
    return this.folds.standingPlan;
  }

  /** One todo_write call: exactly the tool's result; a rejection appends (and creates) nothing. */
  async write(args: unknown, signal: AbortSignal = new AbortController().signal): Promise<ToolResult> {
    if (this.disposed) return errorResult('this session has ended');
    // Validated before the log exists, so a rejected first call leaves no file behind.
    const checked = validateTodoWrite(args, this.options.policy);
    if (!checked.ok) return errorResult(checked.message);
    const session = this.openTurn();
    return this.tool.execute(args, { agent: { session }, signal, callId: `external-${++this.calls}` });
  }

  private openTurn() {
    if (!this.opened) {
      const { store, source, cwd, title } = this.options;
      this.opened = store.create({
        source,
        ...(cwd === undefined ? {} : { cwd }),
        ...(title === undefined ? {} : { title }),
      });
      this.following = this.folds.follow(this.opened.session); // a new log: nothing to catch up
      this.options.onCreated?.(this.opened);
    }
    const session = this.opened.session;
    if (session.openTurn === null) session.append('turn/start', { turn: session.lastTurn + 1 });
    return session;
  }

  /** Closes the open turn `completed` and releases the log's lock. Idempotent. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const opened = this.opened;
    if (!opened) return;
    try {
      const turn = opened.session.openTurn;
      if (turn !== null) opened.session.append('turn/end', { turn, reason: { kind: 'completed' } });
    } finally {
      this.following?.dispose();
      opened.dispose();
    }
  }
}
