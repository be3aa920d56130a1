// The Agent view's requests that are the extension's commands: a page's button for
// what a command does runs that command, so both behave alike.
import * as vscode from 'vscode';
import { COMMAND_IDS, sendPrompt, stopAll, type CommandDeps } from '../commands/commands';
import { followedAgent } from '../../core/import/followed-agents';
import { PLAN_WORK_COMMANDS } from '../plan-tree/plan-work-commands';
import { PARALLEL_COMMANDS } from '../plan-tree/parallel-commands';
import { PLAN_REVIEW_COMMANDS } from '../plan-tree/plan-review-commands';
import { PLAN_CHECK_COMMANDS } from '../plan-tree/plan-check-commands';
import { writePlanFirst } from '../host/settings';
import type { WebviewMessageHandlers, WebviewMessageType } from '../../core/protocol/messages';
import type { AgentPage } from './agent-page';

/** Each webview message's handler, given the page it came from (the one dispatcher of this direction). */
export type PageHandlers = WebviewMessageHandlers<AgentPage | undefined>;
/** Requests the view handles itself (view-handlers.ts); the rest are commands (webviewCommandHandlers). */
export type OwnMessageType =
  'ready' | 'loadOlder' | 'approve' | 'openChild' | 'closeChild' | 'dismissDemoBanner' | 'editPlan' | 'planHistory';
/**
 * The handlers of the requests that are commands: a message type with no handler here or in the view fails to compile.
 */
export type CommandHandlers = Pick<PageHandlers, Exclude<WebviewMessageType, OwnMessageType>>;

export function webviewCommandHandlers(deps: CommandDeps): CommandHandlers {
  const { controller } = deps;
  const runCommand = async (id: string, ...args: unknown[]): Promise<void> => {
    await vscode.commands.executeCommand(id, ...args);
  };
  return {
    send: async (message) => {
      await sendPrompt(deps, message.text);
    },
    stop: () => stopAll(controller),
    newSession: async () => {
      await controller.newSession();
    },
    showLog: () => runCommand(COMMAND_IDS.showLog),
    openAgentFile: () => runCommand(COMMAND_IDS.openAgentFile),
    exportPlan: () => runCommand(COMMAND_IDS.exportPlan),
    focusPlan: () => runCommand(COMMAND_IDS.focusPlan),
    useLanguageModel: () => runCommand(COMMAND_IDS.useLanguageModel),
    openSettings: () => runCommand('workbench.action.openSettings', 'agentChecklist'),
    openSession: async (message) => {
      await controller.switcher.openSession(message.id);
    },
    // The strip's Approve / Reject with Feedback…: the commands, with the feedback the page asked for.
    decidePlan: (message) =>
      message.decision.kind === 'approve'
        ? runCommand(COMMAND_IDS.approvePlan)
        : runCommand(COMMAND_IDS.rejectPlan, message.decision.feedback),
    setPlanFirst: (message) => writePlanFirst(message.on),
    startItem: (message) => runCommand(PLAN_WORK_COMMANDS.startItem, message.content),
    commentItem: (message) => runCommand(PLAN_REVIEW_COMMANDS.commentItem, message.content, message.text),
    resolveComment: (message) => runCommand(PLAN_REVIEW_COMMANDS.resolveComment, message.seq),
    sendComments: () => runCommand(PLAN_REVIEW_COMMANDS.sendComments),
    continuePlan: () => runCommand(PLAN_WORK_COMMANDS.continueInNewSession),
    runAll: () => runCommand(PLAN_WORK_COMMANDS.runAll),
    runParallel: () => runCommand(PARALLEL_COMMANDS.runParallel),
    checkItem: ({ action, content, itemId }) =>
      runCommand(
        {
          set: PLAN_CHECK_COMMANDS.setCheck,
          remove: PLAN_CHECK_COMMANDS.removeCheck,
          run: PLAN_CHECK_COMMANDS.runCheck,
        }[action],
        itemId === undefined ? { item: content } : { item: content, itemId },
      ),
    // The agent's plan notice's button: the command its descriptor names (never one the page names).
    agentAction: async (message) => {
      const action = followedAgent(message.agentId)?.planToolOff?.action;
      if (action !== undefined) await runCommand(action.command, ...(action.args ?? []));
    },
  };
}
