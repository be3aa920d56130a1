// `plan <log> [--format text|json|markdown] [--at <seq>]`: the standing plan, read
// from the log's tail (a 1 GB log costs what a 1 MB one does); with --at, the
// standing plan as of that event (the log is replayed, validated, up to its end).
// The lines it reads are validated like `check` validates them: what `check` refuses
// among them, `plan` refuses too, with the same message and exit code.
import { planAsMarkdown, planAsText } from '../../core/plan/summaries';
import type { TodoItem } from '../../core/plan/todo-schema';
import { standingTodos, todosProjection } from '../../core/plan/todos-projection';
import { LogLoadError, replayLogFile } from '../../core/store/log-file';
import { readStandingPlan } from '../../core/store/tail-reader';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function planCommand(io: CliIo, logPath: string, format: string, at?: string): number {
  if (!['text', 'json', 'markdown'].includes(format)) throw new UsageError(`--format must be text, json or markdown (got ${JSON.stringify(format)})`);
  if (at !== undefined && !/^[1-9]\d*$/.test(at)) throw new UsageError(`--at must be an event's seq, a whole number from 1 (got ${JSON.stringify(at)})`);
  let plan: readonly TodoItem[] | null;
  try {
    if (at === undefined) plan = readStandingPlan(logPath);
    else {
      const seq = Number(at);
      let state = todosProjection.init;
      let last = 0;
      replayLogFile(logPath, (event) => {
        last = event.seq;
        if (event.seq <= seq) state = todosProjection.apply(state, event);
      });
      if (seq > last) {
        io.err(`agent-checklist: the log has no event ${seq} (its last is ${last})`);
        return EXIT_FAILED;
      }
      plan = standingTodos(state);
    }
  } catch (error) {
    if (!(error instanceof LogLoadError)) throw error;
    io.err(`invalid: ${error.path}: line ${error.line}: ${error.reason}`);
    return EXIT_FAILED;
  }
  if (format === 'json') io.out(JSON.stringify(plan));
  else if (plan === null) io.out(format === 'markdown' ? '_No standing plan._' : '(no standing plan)');
  else io.out(format === 'markdown' ? planAsMarkdown(plan) : planAsText(plan));
  return EXIT_OK;
}
