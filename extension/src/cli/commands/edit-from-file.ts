// `edit <log> --from-file <file>`: the plan as a Markdown checklist in the shape
// `plan --format markdown` prints (core/plan/plan-markdown.ts), or spec-kit's or Kiro's
// tasks.md (core/plan/task-files/: what the file said of each item rides on the edit), read back as ONE user
// edit of the standing plan from the plan file (`origin: { kind: 'plan-file' }`):
// ticks, unticks, new lines, removed lines, reordering and the in-progress marker,
// validated by todo_write's rules. The file saying what the log says appends nothing
// (exit 0, `unchanged`); a file the rules refuse appends nothing (exit 1, one line).
// Its items' check lines (docs/checks.md) become plan/check-set events `from: 'file'`
// (core/plan/plan-file-checks.ts): such a check waits for acceptance (`verify --yes`).
// It takes the session's lock as `edit` does.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { itemChecksProjection } from '../../core/plan/item-checks';
import { PlanEditor } from '../../core/plan/plan-editor';
import { fileCheckSets } from '../../core/plan/plan-file-checks';
import { fold } from '../../core/session/projection';
import { planAsText } from '../../core/plan/summaries';
import { SessionFolds } from '../../core/plan/session-folds';
import { visibleControls } from '../../core/terminal-text';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK } from '../usage';
import type { CliIo } from '../io';

export async function editFromFileCommand(
  io: CliIo,
  logPath: string,
  file: string,
  allowParallelInProgress: boolean,
): Promise<number> {
  const text = readPlanFile(io, file);
  if (text === null) return EXIT_FAILED;
  const opened = openUnlessWritten(io, logPath, 'edit the plan', 'edit it there');
  if (opened === null) return EXIT_FAILED;
  try {
    const session = opened.session;
    const editor = new PlanEditor(session, { policy: () => ({ allowParallelInProgress }) });
    // The plan file's edit: a lazy module (dist/plan-file-edit.js), as in the editor.
    const { planFileChecks, planFileEdit, planFileOrigin } = await import('../../core/plan/plan-file-edit');
    const outcome = await editor.submitList((plan, policy) => planFileEdit(plan, text, policy), planFileOrigin(text));
    if (outcome.kind === 'refused') {
      io.err(`agent-checklist: ${visibleControls(outcome.message, { keepLayout: false })}`);
      return EXIT_FAILED;
    }
    // our format's check lines (a task file has none: its items keep theirs)
    const fileChecks = planFileChecks(text);
    const checks = fold(itemChecksProjection, session.events);
    for (const set of fileChecks === null ? [] : fileCheckSets(checks, fileChecks))
      session.append('plan/check-set', set);
    const now = SessionFolds.over(session.events, { transcript: null }).standingPlan ?? [];
    io.out(visibleControls(outcome.kind === 'unchanged' ? `unchanged\n${planAsText(now)}` : planAsText(now)));
    return EXIT_OK;
  } finally {
    opened.dispose();
  }
}

function readPlanFile(io: CliIo, file: string): string | null {
  try {
    return fs.readFileSync(path.resolve(io.cwd, file), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    io.err(`agent-checklist: cannot read ${visibleControls(JSON.stringify(file))} (${code})`);
    return null;
  }
}
