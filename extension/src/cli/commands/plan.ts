// `plan <log> [--format text|json|markdown] [--at <seq>]`: the standing plan (with
// --at, as of that event). The whole log is streamed through the validation `check`
// uses (readValidatedLog): what `check` refuses, `plan` refuses, with the same
// message and exit code. Cost: linear in the log (a replay), memory flat.
import { planAsMarkdown, planAsText } from '../../core/plan/summaries';
import { standingTodos, todosProjection } from '../../core/plan/todos-projection';
import { readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function planCommand(io: CliIo, logPath: string, format: string, at?: string): number {
  if (!['text', 'json', 'markdown'].includes(format)) throw new UsageError(`--format must be text, json or markdown (got ${JSON.stringify(format)})`);
  if (at !== undefined && !/^[1-9]\d*$/.test(at)) throw new UsageError(`--at must be an event's seq, a whole number from 1 (got ${JSON.stringify(at)})`);
  const seq = at === undefined ? Infinity : Number(at);
  let state = todosProjection.init;
  let last = 0;
  const log = readValidatedLog(io, logPath, (event) => {
    last = event.seq;
    if (event.seq <= seq) state = todosProjection.apply(state, event);
  });
  if (!log) return EXIT_FAILED;
  if (at !== undefined && seq > last) {
    io.err(`agent-checklist: the log has no event ${seq} (its last is ${last})`);
    return EXIT_FAILED;
  }
  const plan = standingTodos(state);
  if (format === 'json') io.out(JSON.stringify(plan));
  else if (plan === null) io.out(format === 'markdown' ? '_No standing plan._' : '(no standing plan)');
  else io.out(format === 'markdown' ? planAsMarkdown(plan) : planAsText(plan));
  return EXIT_OK;
}
