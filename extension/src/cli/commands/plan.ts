// `plan <log> [--format text|json|markdown] [--at <seq>]`: the standing plan (with
// --at, as of that event). The whole log is streamed through the validation `check`
// uses: what `check` refuses, `plan` refuses, with the same message and exit code.
// Without --at, a log unchanged since a full validation found it valid is answered
// from the verified index (one stat); otherwise the cost is a replay, memory flat.
// JSON: the items, each `{ content, status }` and, after a plan-first approval, a
// `drift` when it is not in the approved plan (plan-drift.ts: `{ kind: 'added' }` or
// `{ kind: 'reworded', approved }`).
import { planAsMarkdown, planAsText } from '../../core/plan/summaries';
import { SessionFolds } from '../../core/presenters/session-folds';
import { visibleControls } from '../../core/terminal-text';
import type { VerifiedPlan } from '../../core/store/verified-index';
import { drifted, readStandingPlanOf, readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function planCommand(io: CliIo, logPath: string, format: string, at?: string): number {
  if (!['text', 'json', 'markdown'].includes(format)) throw new UsageError(`--format must be text, json or markdown (got ${JSON.stringify(format)})`);
  if (at !== undefined && !/^[1-9]\d*$/.test(at)) throw new UsageError(`--at must be an event's seq, a whole number from 1 (got ${JSON.stringify(at)})`);
  const plan = at === undefined ? readStandingPlanOf(io, logPath)?.plan : planAt(io, logPath, Number(at));
  if (plan === undefined) return EXIT_FAILED;
  if (format === 'json') io.out(JSON.stringify(plan));
  else if (plan === null) io.out(format === 'markdown' ? '_No standing plan._' : '(no standing plan)');
  else io.out(visibleControls(format === 'markdown' ? planAsMarkdown(plan) : planAsText(plan)));
  return EXIT_OK;
}

/** The standing plan as of event `seq`, or undefined after printing why not. */
function planAt(io: CliIo, logPath: string, seq: number): VerifiedPlan | undefined {
  const folds = new SessionFolds({ transcript: null });
  let last = 0;
  const log = readValidatedLog(io, logPath, (event) => {
    last = event.seq;
    if (event.seq <= seq) folds.apply(event);
  });
  if (!log) return undefined;
  if (seq > last) {
    io.err(`agent-checklist: the log has no event ${seq} (its last is ${last})`);
    return undefined;
  }
  return drifted(folds);
}
