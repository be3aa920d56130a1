// The plan-first decision on a terminal (`run --plan-first` on a TTY), through the
// same line prompt as the approval of tool calls (AskLine): `a` approves, `e` opens
// the plan in $VISUAL / $EDITOR (default vi) as Markdown checkboxes and lands the
// saved list as one user edit, then asks again; `r` asks for the feedback and
// rejects with it. An empty answer (Ctrl+D, a closed terminal) decides nothing: the
// turn ends `awaiting-approval`, for `agent-checklist approve` later. Anything else
// asks again.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { PlanDecision, PlanReviewGate } from '../core/agent/plan-first';
import { parseCheckboxes, planAsCheckboxes } from '../core/plan/plan-checkboxes';
import type { PlanEditor } from '../core/plan/plan-editor';
import { planAsText } from '../core/plan/summaries';
import type { TodoItem } from '../core/plan/todo-schema';
import { visibleControls } from '../core/terminal-text';
import type { AskLine } from '../core/tools/approvals';

const PLAN_QUESTION = '[a]pprove / [e]dit / [r]eject with feedback: ';
const FEEDBACK_QUESTION = 'Feedback for the model: ';

function planQuestion(todos: readonly TodoItem[]): string {
  return `\nPlan proposed · ${todos.length} items\n${planAsText(todos)}\n${PLAN_QUESTION}`;
}

export interface PlanPromptDeps {
  ask: AskLine;
  /** The writer's editor of this session (edits land at once: no step is open while the plan waits). */
  editor: PlanEditor;
  /** The standing plan now (after the user's edits). */
  plan: () => readonly TodoItem[];
  /** Where problems are said (stderr). */
  err: (line: string) => void;
  env: Readonly<Record<string, string | undefined>>;
}

export function terminalPlanGate(deps: PlanPromptDeps): PlanReviewGate {
  return {
    decide: async (_proposal, signal): Promise<PlanDecision> => {
      for (;;) {
        const answer = (await deps.ask(planQuestion(deps.plan()), signal)).trim().toLowerCase();
        if (answer === '') return { kind: 'later' };
        if (answer === 'a' || answer === 'approve') return { kind: 'approve' };
        if (answer === 'r' || answer === 'reject') {
          const feedback = (await deps.ask(FEEDBACK_QUESTION, signal)).trim();
          if (feedback !== '') return { kind: 'reject', feedback };
          deps.err('— a rejection needs feedback for the model');
        }
        if (answer === 'e' || answer === 'edit') editInEditor(deps);
      }
    },
  };
}

function editInEditor(deps: PlanPromptDeps): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-plan-'));
  const file = path.join(dir, 'plan.md');
  try {
    fs.writeFileSync(file, planAsCheckboxes(deps.plan()));
    const editor = deps.env.VISUAL || deps.env.EDITOR || 'vi';
    // The editor's command line as the user set it (it may carry arguments: `code --wait`); the file is $1.
    const run = spawnSync('/bin/sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit' });
    if (run.status !== 0) {
      deps.err(
        `— the editor (${visibleControls(editor, { keepLayout: false })}) ` +
          `did not exit cleanly; the plan is unchanged`,
      );
      return;
    }
    const parsed = parseCheckboxes(fs.readFileSync(file, 'utf8'));
    if (!parsed.ok) {
      deps.err(`— ${visibleControls(parsed.message, { keepLayout: false })}; the plan is unchanged`);
      return;
    }
    const outcome = deps.editor.replaceList(parsed.todos);
    if (outcome.kind === 'refused')
      deps.err(`— ${visibleControls(outcome.message, { keepLayout: false })}; the plan is unchanged`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
