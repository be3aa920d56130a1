// The Plan tree's check actions on an item (issue 52; package.json: the item's context
// menu, and the strip row's menu, which posts the same command with the item's text):
// Set Check… (an input box prefilled with the item's check) and Remove Check log one
// plan/check-set from the user, landing between steps as an edit does; Run Check runs
// the item's check now through the shown session's runner (vscode/turn/shown-checks.ts).
// A check from the plan file the user never accepted is run only after a modal prompt
// naming its exact command (control characters made visible): accepting logs
// plan/check-accepted, for good. The argument is the tree's node (or, from the strip or
// a test, the item's text); a string after it skips the input box of Set Check….
// Their bodies: loaded at the first one (plan-check-commands.ts registers them).
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { checkCommandSchema } from '../../core/session/check-events';
import { visibleControls } from '../../core/terminal-text';
import type { PlanCheckCommandDeps } from './plan-check-commands';
import type { PlanNode } from './plan-tree-model';

const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  item: z.object({ content: z.string() }),
});

/** The item's text the command acts on: the node's, the text given, else the tree's selection's. */
function itemOf(view: vscode.TreeView<PlanNode>, arg: unknown): string | null {
  if (typeof arg === 'string') return arg;
  const parsed = itemNodeSchema.safeParse(arg ?? view.selection[0]);
  return parsed.success ? parsed.data.item.content : null;
}

function warnRefused(outcome: { kind: string; message?: string }): void {
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: the check was not changed: {0}', outcome.message ?? ''),
    );
}

export async function setCheck(deps: PlanCheckCommandDeps, arg: unknown, given?: unknown): Promise<void> {
  const item = itemOf(deps.view, arg);
  if (item === null) return;
  const command =
    typeof given === 'string'
      ? given
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Agent Checklist: Set Check'),
          prompt: vscode.l10n.t('The command that proves {0} done, run in the workspace when it is completed', item),
          value: deps.controller.checks.viewOf(item)?.command ?? '',
          ignoreFocusOut: true,
          validateInput: (text) =>
            checkCommandSchema.safeParse(text.trim()).success
              ? null
              : vscode.l10n.t('A check is one command line (Remove Check takes it away).'),
        });
  if (command === undefined || !checkCommandSchema.safeParse(command.trim()).success) return;
  const data = { item, command: command.trim(), from: 'user' as const };
  warnRefused(await deps.controller.planEditing.decideCheck({ type: 'plan/check-set', data }));
}

export async function removeCheck(deps: PlanCheckCommandDeps, arg: unknown): Promise<void> {
  const item = itemOf(deps.view, arg);
  if (item === null) return;
  warnRefused(await deps.controller.planEditing.decideCheck({ type: 'plan/check-set', data: { item, command: null } }));
}

export async function runCheck(deps: PlanCheckCommandDeps, arg: unknown): Promise<void> {
  const item = itemOf(deps.view, arg);
  const checks = deps.controller.checks;
  const ref = item === null ? null : checks.refOf(item);
  if (ref === null) return;
  if (!ref.accepted) {
    const run = vscode.l10n.t('Run Check');
    const answer = await vscode.window.showWarningMessage(
      vscode.l10n.t('Run the check that came with the plan file?'),
      {
        modal: true,
        detail: vscode.l10n.t(
          'Someone else may have written it (a git pull). It runs in the workspace: {0}',
          visibleControls(ref.command, { keepLayout: false }),
        ),
      },
      run,
    );
    if (answer !== run) return;
    const data = { item: ref.item, itemId: ref.itemId, command: ref.command };
    const outcome = await deps.controller.planEditing.decideCheck({ type: 'plan/check-accepted', data });
    if (outcome.kind === 'refused') return warnRefused(outcome);
  }
  if (!checks.run({ ...ref, accepted: true }))
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: checks run only in a session this window writes, in a local folder.'),
    );
}
