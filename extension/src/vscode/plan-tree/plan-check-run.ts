// The Plan tree's check actions on an item (issue 52; package.json: the item's context
// menu, and the strip row's menu, which posts the same command with the item's text):
// Set Check… (an input box prefilled with the item's check) and Remove Check log one
// plan/check-set from the user, landing between steps as an edit does; Run Check runs
// the item's check now through the shown session's runner (vscode/turn/shown-checks.ts).
// A check from the plan file the user never accepted is run only after a modal prompt
// naming its exact command (control characters made visible): Run logs
// plan/check-accepted, for good; Not now leaves it waiting. The same modal asks when such
// an item is completed (ShownChecks.onDidAwaitAcceptance). On a followed agent's session these decisions go to its
// checks side log (vscode/turn/shown-checks.ts decideOnSide). The argument is the tree's node (or, from the strip or
// a test, the item's text, or `{ item, itemId }` as the strip's row menu sends it); the
// item is named by its itemId where it has one, so of two items with the same text the
// right one gets the check; a string after it skips the input box of Set Check….
// Their bodies: loaded at the first one (plan-check-commands.ts registers them).
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { ItemCheckRef } from '../../core/plan/check-states';
import { checkCommandSchema } from '../../core/session/check-events';
import { visibleControls } from '../../core/terminal-text';
import type { CheckDecision, PlanEditOutcome } from '../../core/plan/plan-editor';
import type { PlanCheckCommandDeps } from './plan-check-commands';

const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  index: z.number(),
  item: z.object({ content: z.string() }),
});
const namedItemSchema = z.strictObject({
  item: z.string().check(z.minLength(1)),
  itemId: z.exactOptional(z.string().check(z.minLength(1), z.maxLength(40))),
});

/** The item the command acts on, by text and itemId: the node's, the one given, else the tree's selection's. */
function itemOf(deps: PlanCheckCommandDeps, arg: unknown): z.infer<typeof namedItemSchema> | null {
  if (typeof arg === 'string') return { item: arg };
  const named = namedItemSchema.safeParse(arg);
  if (named.success) return named.data;
  const parsed = itemNodeSchema.safeParse(arg ?? deps.view.selection[0]);
  if (!parsed.success) return null;
  const { index, item } = parsed.data;
  const itemId = deps.controller.checks.itemIdAt(index, item.content);
  return itemId === undefined ? { item: item.content } : { item: item.content, itemId };
}

function warnRefused(outcome: { kind: string; message?: string }): void {
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: the check was not changed: {0}', outcome.message ?? ''),
    );
}

/** The decision landed on the shown session: its side log's for a followed session, else as an edit. */
function decide(deps: PlanCheckCommandDeps, decision: CheckDecision): Promise<PlanEditOutcome> {
  const onSide = deps.controller.checks.decideOnSide(decision);
  return onSide === null ? deps.controller.planEditing.decideCheck(decision) : Promise.resolve(onSide);
}

export async function setCheck(deps: PlanCheckCommandDeps, arg: unknown, given?: unknown): Promise<void> {
  const named = itemOf(deps, arg);
  if (named === null) return;
  const { item, itemId } = named;
  const command =
    typeof given === 'string'
      ? given
      : await vscode.window.showInputBox({
          title: vscode.l10n.t('Agent Checklist: Set Check'),
          prompt: vscode.l10n.t('The command that proves {0} done, run in the workspace when it is completed', item),
          value: deps.controller.checks.viewOf(item, itemId)?.command ?? '',
          ignoreFocusOut: true,
          validateInput: (text) =>
            checkCommandSchema.safeParse(text.trim()).success
              ? null
              : vscode.l10n.t('A check is one command line (Remove Check takes it away).'),
        });
  if (command === undefined || !checkCommandSchema.safeParse(command.trim()).success) return;
  const data = { ...named, command: command.trim(), from: 'user' as const };
  warnRefused(await decide(deps, { type: 'plan/check-set', data }));
}

export async function removeCheck(deps: PlanCheckCommandDeps, arg: unknown): Promise<void> {
  const named = itemOf(deps, arg);
  if (named === null) return;
  const data = { ...named, command: null };
  warnRefused(await decide(deps, { type: 'plan/check-set', data }));
}

export async function runCheck(deps: PlanCheckCommandDeps, arg: unknown): Promise<void> {
  const named = itemOf(deps, arg);
  const ref = named === null ? null : deps.controller.checks.refOf(named.item, named.itemId);
  if (ref !== null) await acceptAndRun(deps, ref);
}

/** Runs the item's check; a check from the plan file never accepted only once the modal naming it is accepted. */
export async function acceptAndRun(deps: PlanCheckCommandDeps, ref: ItemCheckRef): Promise<void> {
  const checks = deps.controller.checks;
  if (!ref.accepted) {
    const run: vscode.MessageItem = { title: vscode.l10n.t('Run') };
    const notNow: vscode.MessageItem = { title: vscode.l10n.t('Not now'), isCloseAffordance: true };
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
      notNow,
    );
    if (answer !== run) return;
    const data = { item: ref.item, itemId: ref.itemId, command: ref.command };
    const outcome = await decide(deps, { type: 'plan/check-accepted', data });
    if (outcome.kind === 'refused') return warnRefused(outcome);
    // Accepting it makes its completion's check due: the runner runs it by itself.
    if (deps.controller.checks.viewOf(ref.item, ref.itemId)?.state !== 'not-run') return;
  }
  if (!checks.run({ ...ref, accepted: true }))
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: checks run only in a session this window writes, in a local folder.'),
    );
}
