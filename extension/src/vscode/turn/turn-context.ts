// What a turn in the extension tells the model besides the conversation: the system
// prompt (workspace folder, OS, shell, today's date, the project's rules file read
// through vscode.workspace.fs) and the context window (agentChecklist.contextWindow,
// else the model's own answer, e.g. vscode.lm's maxInputTokens) with its threshold.
// Also the on-demand compaction behind "Agent Checklist: Compact Conversation".
import * as vscode from 'vscode';
import type { RequestEstimate } from '../../core/agent/request-estimate';
import { formatContextUse, resolveContextWindow } from '../../core/agent/context-window';
import type { ModelProvider } from '../../core/agent/provider';
import { buildSystemPrompt, DEFAULT_SYSTEM_PROMPT, isoDate } from '../../core/agent/system-prompt';
import { readWorkspaceRules, type WorkspaceRules } from '../../core/agent/workspace-rules';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { ContextView } from '../../core/protocol/messages';
import type { ToolSpec } from '../../core/tools/registry';
import type { Session } from '../../core/session/session';
import type { AgentSettings } from '../host/settings';

export interface TurnContext {
  system: string;
  context: { window: number; threshold: number };
  /** The rules file the system prompt carries (`AGENTS.md`), null when there is none. */
  rules: string | null;
}

/** The first of the rules files at the folder's root that is a regular file (a symlink is not followed). */
async function readFolderRules(folder: vscode.Uri | undefined): Promise<WorkspaceRules | null> {
  if (!folder) return null;
  return readWorkspaceRules(async (relative) => {
    const uri = vscode.Uri.joinPath(folder, ...relative.split('/'));
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type !== vscode.FileType.File) return null;
      return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      return null;
    }
  });
}

export async function prepareTurnContext(
  settings: AgentSettings,
  provider: ModelProvider,
  folder: vscode.Uri | undefined,
): Promise<TurnContext> {
  const window = resolveContextWindow(settings.contextWindow, provider);
  const context = { window, threshold: settings.compactThreshold };
  if (!folder) return { system: DEFAULT_SYSTEM_PROMPT, context, rules: null };
  const rules = await readFolderRules(folder);
  const root = folder.scheme === 'file' ? folder.fsPath : folder.toString();
  return {
    system: buildSystemPrompt({ root, os: process.platform, shell: 'bash', date: isoDate(new Date()), rules }),
    context,
    rules: rules?.file ?? null,
  };
}

/** What the latest turn of this window told the model besides the conversation (for the meter's estimate). */
export interface ToldModel {
  rules: string | null;
  window: number;
  /** The system prompt and tool schemas the latest turn sent; null before this window's first turn. */
  request: { system: string; tools: ToolSpec[] } | null;
}

const NO_TOOLS: readonly ToolSpec[] = [];

/**
 * The context meter: the last request's prompt tokens (the provider's count) over the
 * window. Without a count since the latest compaction (the scripted model, vscode.lm,
 * or right after a compaction) it is the estimate of the next request, with the system
 * prompt and tool schemas the latest turn sent (before this window's first turn: the
 * default prompt and no tools, so it reads low until then).
 */
export function contextViewOf(
  session: Session | null,
  plan: StandingPlan,
  window: number,
  rules: string | null,
  request: ToldModel['request'],
  estimate: RequestEstimate,
): ContextView {
  // A large log opened with its events on disk is counted once a turn reads them back (the meter shows none till then).
  const events = session?.residentEvents;
  if (!session?.lastSeq || !events) return { use: null, rules };
  const use = estimate.use(
    events,
    { system: request?.system ?? DEFAULT_SYSTEM_PROMPT, tools: request?.tools ?? NO_TOOLS, plan },
    window,
  );
  return { use: formatContextUse(use.promptTokens, use.window), rules };
}
