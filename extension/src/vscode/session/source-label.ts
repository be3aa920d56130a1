// Who writes a session, in the user's language: "<client> (MCP)", "CLI", "Agent", "Chat".
import * as vscode from 'vscode';
import type { SourceLabel } from '../../core/session/source';
import { followedAgent } from '../../core/import/followed-agents';

export function sourceLabelView(label: SourceLabel): string {
  switch (label.kind) {
    case 'mcp':
      return vscode.l10n.t('{0} (MCP)', label.client);
    case 'imported':
      return followedAgent(label.agentId)?.name ?? label.agentId;
    case 'acp':
      return vscode.l10n.t('{0} (ACP)', label.agent);
    case 'cli':
      return vscode.l10n.t('CLI');
    case 'agent':
      return vscode.l10n.t('Agent');
    case 'chat':
      return vscode.l10n.t('Chat');
  }
}
