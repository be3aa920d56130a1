// `plan <log> [--format text|json|markdown]`: the standing plan, read from the log's
// tail (a 1 GB log costs what a 1 MB one does).
// The lines it reads are validated like `check` validates them: what `check` refuses
// among them, `plan` refuses too, with the same message and exit code.
import { planAsMarkdown, planAsText } from '../../core/plan/summaries';
import { LogLoadError } from '../../core/store/log-file';
import { readStandingPlan } from '../../core/store/tail-reader';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export function planCommand(io: CliIo, logPath: string, format: string): number {
  if (!['text', 'json', 'markdown'].includes(format)) throw new UsageError(`--format must be text, json or markdown (got ${JSON.stringify(format)})`);
  let plan;
  try {
    plan = readStandingPlan(logPath);
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
