// What runs the Plan tree's edit actions (plan-edit-commands.ts says what they do, how
// their arguments and keyboard shortcuts come, and registers them), loaded at the first one.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { PlanEditOutcome } from '../../core/plan/plan-editor';
import { TODO_STATUSES } from '../../core/plan/todo-schema';
import { itemTextProblem, type PlanEdit } from '../../core/plan/user-edit';
import type { PlanNode } from './plan-tree-model';
import type { SessionController } from '../controller/session-controller';
import type { PlanEditCommandDeps } from './plan-edit-commands';

/** The parts of a node an action reads (validated: a command can be run by anyone with anything). */
const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  index: z.number(),
  item: z.object({ content: z.string() }),
});
const droppedNodeSchema = z.object({
  kind: z.literal('dropped'),
  dropped: z.object({ content: z.string(), status: z.enum(TODO_STATUSES), index: z.number() }),
});

/** The keybindings' argument, when the host passed it as written (not turned into the focused node). */
function isFocusMarker(arg: unknown): boolean {
  return typeof arg === 'object' && arg !== null && '$focusedTreeItem' in arg;
}

type ItemNode = z.infer<typeof itemNodeSchema>;

/** One edit (`edit` of its content) of the item the command is run on. */
export function editItem(
  deps: PlanEditCommandDeps,
  arg: unknown,
  edit: (content: string) => PlanEdit,
): Promise<PlanEditOutcome | null> {
  const node = itemOf(deps.view, arg);
  return runEdit(deps.controller, node && edit(node.item.content));
}

/** The node a command acts on: the one it was given, else the tree's selection. */
function target(view: vscode.TreeView<PlanNode>, arg: unknown): unknown {
  return arg === undefined || arg === null || isFocusMarker(arg) ? view.selection[0] : arg;
}

function parseItem(value: unknown): ItemNode | null {
  const parsed = itemNodeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const itemOf = (view: vscode.TreeView<PlanNode>, arg: unknown): ItemNode | null => parseItem(target(view, arg));

/** Runs one edit; a refusal is shown to the user. Resolves with the outcome (null: nothing to act on or cancelled). */
async function runEdit(controller: SessionController, edit: PlanEdit | null): Promise<PlanEditOutcome | null> {
  if (!edit) return null;
  const outcome = await controller.planEditing.edit(edit);
  if (outcome.kind === 'refused')
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Agent Checklist: the plan was not changed: {0}', outcome.message),
    );
  return outcome;
}

/** Asks for an item's text, checked as the edit will be (trim, not empty, no duplicate); undefined when cancelled. */
function askText(
  controller: SessionController,
  title: string,
  value: string,
  replacing?: string,
): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title,
    value,
    prompt: vscode.l10n.t('The item as it will appear in the plan'),
    ignoreFocusOut: true,
    validateInput: (text) => {
      switch (itemTextProblem(controller.standingPlan, text, replacing)) {
        case 'empty':
          return vscode.l10n.t('An item needs some text.');
        case 'duplicate':
          return vscode.l10n.t('The plan already has this item.');
        default:
          return null;
      }
    },
  });
}

export async function editText(
  deps: PlanEditCommandDeps,
  arg: unknown,
  text?: unknown,
): Promise<PlanEditOutcome | null> {
  const node = itemOf(deps.view, arg);
  if (!node) return null;
  const content = node.item.content;
  const next =
    typeof text === 'string'
      ? text
      : await askText(deps.controller, vscode.l10n.t('Agent Checklist: Edit Plan Item'), content, content);
  return runEdit(deps.controller, next === undefined ? null : { kind: 'text', content, text: next });
}

/** On an item: the new item goes right after it. From the view title or the palette: at the end. */
export async function addItem(
  controller: SessionController,
  arg: unknown,
  text?: unknown,
): Promise<PlanEditOutcome | null> {
  // The selection is not a place to insert at; the node of a menu or of the key's focused row is.
  const node = arg === undefined || arg === null || isFocusMarker(arg) ? null : parseItem(arg);
  const next =
    typeof text === 'string' ? text : await askText(controller, vscode.l10n.t('Agent Checklist: Add Plan Item'), '');
  if (next === undefined) return null;
  return runEdit(controller, node ? { kind: 'add', text: next, index: node.index + 1 } : { kind: 'add', text: next });
}

/**
 * Restore: the item comes back where it was and as it was when the model dropped it
 * (its status then, even in progress); the parallel policy may refuse that, and says so.
 */
export function restore(deps: PlanEditCommandDeps, arg: unknown): Promise<PlanEditOutcome | null> {
  const parsed = droppedNodeSchema.safeParse(target(deps.view, arg));
  if (!parsed.success) return Promise.resolve(null);
  const { content, status, index } = parsed.data.dropped;
  return runEdit(deps.controller, { kind: 'add', text: content, status, index });
}
