// The plan drives the work (core/plan/plan-work.ts). Start This Item (the Plan tree's
// item menu and the strip row's menu): the item becomes in progress by ONE user edit
// (with parallel work off, the item in progress before goes back to pending) and a
// turn starts whose prompt names the item and carries the plan, with the session's own
// agent (ours, or the ACP agent that ran it: refused, naming it, when no entry of
// agentChecklist.acpAgents or the built-ins has it any longer); refused, with the
// reason, while a turn runs. Run All Items starts each pending item the same way
// (run-all-command.ts). Continue Plan in New Session… (the Plan view's title and
// the strip): the user picks who works (our agent or an ACP agent) and may add words;
// a new session starts whose log begins with the standing plan as a user edit naming
// the source session (or, with no session shown, the plan file's plan, from the file),
// and its first request carries every item and its status.
//
// Arguments (menus pass the tree's node; tests and other extensions may pass more):
// startItem(node | 1-based number | the item's content); continueInNewSession(agentId?, words?), where a
// given agent id ('builtin' for ours) and words skip the pickers. Their bodies: loaded at
// the first one (plan-work-commands.ts registers them).
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { handOverList, handOverPrompt, startItemList, startItemPrompt } from '../../core/plan/plan-work';
import { noSuchItemMessage } from '../../core/plan/user-edit';
import type { TurnEndReason, UserEditOrigin } from '../../core/session/events';
import { acpAgentOfSession, firstResolved } from '../../core/acp-client/agent-catalog';
import type { Session } from '../../core/session/session';
import { chosenAcpAgent, resolveChosenAgent } from '../acp-agents/acp-agent-choice';
import { agentPicks } from '../acp-agents/choose-agent';
import { BUILTIN_AGENT, type AgentSettings } from '../host/settings';
import type { PlanWorkCommandDeps } from './plan-work-commands';
import { runAllItemsOf } from './run-all-command';

const itemNodeSchema = z.object({
  kind: z.literal('item'),
  own: z.literal(true),
  item: z.object({ content: z.string() }),
});

/** Tells the user why nothing started; the command resolves with no turn. */
function warn(message: string): undefined {
  void vscode.window.showWarningMessage(vscode.l10n.t('Agent Checklist: {0}', message));
  return undefined;
}

const turnRunning = (): string =>
  vscode.l10n.t('a turn is running: wait for it to end or stop it, then start the item.');

/** The item's content: a tree node (or the selection), a 1-based number, or the content itself (the strip). */
function contentOf(deps: PlanWorkCommandDeps, arg: unknown): string | null {
  const plan = deps.controller.standingPlan ?? [];
  if (typeof arg === 'number') return plan[arg - 1]?.content ?? null;
  if (typeof arg === 'string') return plan.some((t) => t.content === arg) ? arg : null;
  const node = itemNodeSchema.safeParse(arg ?? deps.view.selection[0]);
  return node.success ? node.data.item.content : null;
}

export async function startItem(deps: PlanWorkCommandDeps, arg: unknown): Promise<TurnEndReason | undefined> {
  const { controller } = deps;
  if (controller.turns.busy) return warn(turnRunning());
  const content = contentOf(deps, arg);
  if (content === null) return warn(vscode.l10n.t('choose an item of the plan to start.'));
  const agent = sessionAgent(controller.session, deps.settings(), deps.cwd());
  if ('refused' in agent) return warn(agent.refused);
  const outcome = await controller.planEditing.editList((plan, policy) => {
    const index = (plan ?? []).findIndex((t) => t.content === content);
    return index < 0 ? { ok: false, message: noSuchItemMessage(content) } : startItemList(plan!, index, policy);
  });
  if (outcome.kind === 'refused') return warn(outcome.message);
  const plan = controller.standingPlan ?? [];
  const prompt = startItemPrompt(
    plan,
    plan.findIndex((t) => t.content === content),
  );
  return deps.send(prompt, { agent: agent.id });
}

export async function continueInNewSession(
  deps: PlanWorkCommandDeps,
  agentArg?: unknown,
  wordsArg?: unknown,
): Promise<TurnEndReason | undefined> {
  const { controller } = deps;
  if (controller.turns.busy) return warn(vscode.l10n.t('a turn is running: wait for it to end or stop it first.'));
  const session = controller.session;
  const plan = session ? controller.standingPlan : deps.filePlan();
  const origin: UserEditOrigin = session ? { kind: 'hand-over', session: session.id } : { kind: 'plan-file' };
  const agent = typeof agentArg === 'string' ? agentArg : await pickAgent(deps);
  if (agent === undefined) return undefined;
  const words = typeof wordsArg === 'string' ? wordsArg : await askWords();
  if (words === undefined) return undefined;
  const ours = agent === BUILTIN_AGENT;
  const list = handOverList(plan, { allowParallelInProgress: ours ? deps.settings().allowParallelInProgress : true });
  if (!list.ok) return warn(list.message);
  await controller.newSession();
  return deps.send(handOverPrompt(words, session?.id ?? vscode.l10n.t('the plan file')), {
    agent: ours ? null : agent,
    seed: (created) => created.append('todo/user-edit', { todos: list.todos, origin }),
  });
}

/** Run All Items (run-all-command.ts), each item started as Start This Item starts it. */
export function runAll(deps: PlanWorkCommandDeps): ReturnType<typeof runAllItemsOf> {
  return runAllItemsOf({ ...deps, startItem: (content) => startItem(deps, content) });
}

/**
 * Who continues `session`: our agent (id null) for our own session, whichever agent new
 * sessions get; an ACP session's own agent (the first entry with the name the
 * session's agent goes by whose command is there, the chosen agent's first); or why no
 * one can (no entry has that name any longer, or its command is not installed), before
 * anything changes.
 */
function sessionAgent(
  session: Session | null,
  settings: AgentSettings,
  cwd: string,
): { id: string | null } | { refused: string } {
  const chosen = chosenAcpAgent(settings);
  const acp = acpAgentOfSession(session?.header.source, settings.acpAgents, chosen === null ? [] : [chosen]);
  if (acp === null) return { id: null };
  const resolved = firstResolved(acp.ids, (id) => resolveChosenAgent(id, settings, cwd));
  if (resolved === null)
    return {
      refused: vscode.l10n.t(
        "this session's agent, {0}, is no longer configured: add it to agentChecklist.acpAgents to continue its plan.",
        acp.agent,
      ),
    };
  return resolved.ok ? { id: resolved.launch.id } : { refused: resolved.message };
}

async function pickAgent(deps: PlanWorkCommandDeps): Promise<string | undefined> {
  const pick = await vscode.window.showQuickPick(agentPicks(deps.providers, deps.cwd()), {
    title: vscode.l10n.t('Who continues the plan?'),
    matchOnDescription: true,
  });
  return pick?.id;
}

function askWords(): Thenable<string | undefined> {
  return vscode.window.showInputBox({
    title: vscode.l10n.t('Continue Plan in New Session'),
    prompt: vscode.l10n.t('Words for the agent (optional): what to do with the plan'),
    ignoreFocusOut: true,
  });
}
