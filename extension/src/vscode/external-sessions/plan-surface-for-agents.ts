// The plan surface for other agents: the todo_write language-model tool (its plans go
// to this window's Chat session, whose abandoned logs are repaired first), the MCP
// server offered to VS Code's own MCP clients (1.101+, looked up at run time) and the
// set-up command for the rest.
import type { SessionStore } from '../../core/store/session-store';
import type { Activation } from '../host/activation';
import { ChatPlanTool } from './chat-plan-tool';
import { registerMcpServerDefinitions } from './mcp-definition-provider';
import { registerSetUpAgentCommand } from './setup-agent';

export function registerPlanSurfaceForAgents(
  { context, own, log, settings, workspaceRoot }: Activation,
  store: SessionStore,
): ChatPlanTool {
  const allowParallelInProgress = (): boolean => settings().allowParallelInProgress;
  // Repaired just after activation, not in it: the repair's code loads then.
  void import('../../core/store/abandoned-logs').then(({ repairAbandonedLogs }) => {
    for (const r of repairAbandonedLogs(store.dir, (header) => header.source?.kind === 'chat').repaired)
      log.info(`repaired chat session log ${r.path} (appended ${r.appended} event(s))`);
  });
  const chatTool = own(new ChatPlanTool({ store, allowParallelInProgress, cwd: workspaceRoot, log }));
  const mcpDefinitions = registerMcpServerDefinitions({
    extensionUri: context.extensionUri,
    version: String(context.extension.packageJSON.version ?? ''),
    allowParallelInProgress,
    log,
  });
  if (mcpDefinitions) own(mcpDefinitions);
  own(
    registerSetUpAgentCommand({
      extension: context.extension,
      globalStorageDir: context.globalStorageUri.fsPath,
      allowParallelInProgress,
      log,
    }),
  );
  return chatTool;
}
