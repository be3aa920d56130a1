// What runs the Plan tree's undo actions (plan-changes-commands.ts registers them).
// Each reads the item's change range from the shown session's log and its files from the
// workspace's shadow repository, through the same core functions as the CLI's `changes`
// and `revert` (core/checkpoints/); a revert is logged through the session controller
// (changes/reverted, then the item back to pending), so only a session this window
// writes, between turns, is reverted.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { itemChangeSides } from '../../core/checkpoints/item-changes';
import { planItemRevert, planWorkspaceRestore, type RevertPlan } from '../../core/checkpoints/revert';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';
import type { SessionEvent } from '../../core/session/events';
import type { Session } from '../../core/session/session';
import { visibleControls } from '../../core/terminal-text';
import type { SessionController } from '../controller/session-controller';
import { checkpointUri } from './checkpoint-documents';
import type { ChangesOutcome, PlanChangesCommandDeps } from './plan-changes-commands';

/** The part of a node the actions read (validated: a command can be run by anyone with anything). */
const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  item: z.object({ content: z.string() }),
});

interface Found {
  item: string;
  repo: ShadowRepo;
  session: Session;
  events: readonly SessionEvent[];
}

interface Found {
  item: string;
  repo: ShadowRepo;
  session: Session;
  events: readonly SessionEvent[];
}

/** Revert Item's Changes. */
export const revertItem = (deps: PlanChangesCommandDeps, arg: unknown): Promise<ChangesOutcome | null> =>
  revert(deps, arg, planItemRevert, null);

/** Restore Workspace to Before This Item (asks first). */
export const restoreWorkspace = (deps: PlanChangesCommandDeps, arg: unknown): Promise<ChangesOutcome | null> =>
  revert(deps, arg, planWorkspaceRestore, confirmRestore);

/** The item, the shown session and its workspace's repository; null after saying why not. */
function resolveItem({ controller, view, checkpointsBase }: PlanChangesCommandDeps, arg: unknown): Found | null {
  const parsed = itemNodeSchema.safeParse(arg ?? view.selection[0]);
  const session = controller.session;
  if (!parsed.success || session === null) return null;
  const cwd = session.header.cwd;
  if (cwd === undefined) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: this session does not say which folder it worked in, so it has no checkpoints.'),
    );
    return null;
  }
  return {
    item: parsed.data.item.content,
    repo: ShadowRepo.of(checkpointsBase, cwd),
    session,
    events: session.events,
  };
}

function nothing(): ChangesOutcome {
  void vscode.window.showInformationMessage(
    vscode.l10n.t('Agent Checklist: this item changed no file since it started.'),
  );
  return 'nothing';
}

/** Opens the multi-file diff of what the item changed (from before it started to when it completed, or to now). */
export async function showChanges(deps: PlanChangesCommandDeps, arg: unknown): Promise<ChangesOutcome | null> {
  const found = resolveItem(deps, arg);
  if (found === null) return null;
  const sides = await itemChangeSides(found.repo, found.events, found.item);
  if (sides === null) return nothing();
  const workspace = found.repo.workspace;
  const resources = sides.files.map((file) => {
    const fileUri = vscode.Uri.joinPath(vscode.Uri.file(workspace), file.path);
    // The workspace's own file (editable) while the range is open; a file it deleted, from the snapshot that no longer
    // has it.
    const after = sides.to === null && file.status !== 'D' ? fileUri : checkpointUri(workspace, sides.end, file.path);
    return [fileUri, checkpointUri(workspace, sides.from, file.path), after];
  });
  await vscode.commands.executeCommand('vscode.changes', vscode.l10n.t('Changes of {0}', found.item), resources);
  return 'shown';
}

/**
 * Says why a revert cannot be written now, if it cannot: the session must be the shown one, written here, between
 * turns.
 */
function refused(controller: SessionController, found: Found): boolean {
  const refusal = !controller.planEditing.canEdit
    ? vscode.l10n.t('This session is shown read-only (another window or program writes it): revert there.')
    : controller.turns.busy
      ? vscode.l10n.t('A turn is running: revert once it has ended.')
      : controller.session !== found.session
        ? vscode.l10n.t('Another session is shown now.')
        : null;
  if (refusal !== null)
    void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: not reverted: {0}', refusal));
  return refusal !== null;
}

/** Plans, asks when `confirm` says so, applies and logs one revert. */
async function revert(
  deps: PlanChangesCommandDeps,
  arg: unknown,
  plan: (repo: ShadowRepo, events: readonly SessionEvent[], item: string) => Promise<RevertPlan>,
  confirm: ((files: string[]) => Thenable<boolean>) | null,
): Promise<ChangesOutcome | null> {
  const { controller } = deps;
  const found = resolveItem(deps, arg);
  if (found === null) return null;
  if (refused(controller, found)) return 'refused';
  const planned = await plan(found.repo, found.events, found.item);
  if (planned.kind === 'nothing') return nothing();
  if (planned.kind === 'conflict') {
    const files = planned.files.map((file) => visibleControls(file)).join(', ');
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: not reverted: a later change touched the same lines in {0}', files),
    );
    return 'refused';
  }
  if (confirm !== null && !(await confirm(planned.files))) return 'cancelled';
  // asked again: a turn may have started, or another session been shown, meanwhile
  if (refused(controller, found)) return 'refused';
  await planned.apply();
  const outcome = await controller.planEditing.recordRevert(found.item, planned);
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: the files were restored, but the plan was not changed: {0}', outcome.message),
    );
  return 'reverted';
}

async function confirmRestore(files: string[]): Promise<boolean> {
  const restore = vscode.l10n.t('Restore');
  const answer = await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Restore {0} file(s) to the workspace as it was before this item started? Every change since then is lost.',
      files.length,
    ),
    { modal: true, detail: files.map((file) => visibleControls(file)).join('\n') },
    restore,
  );
  return answer === restore;
}
