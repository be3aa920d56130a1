// Agent Checklist: Open in Editor — the Agent view as an editor tab. It is the same
// page over the same protocol, attached to the one AgentWebviewProvider as a second
// page (agent-webview.ts), so the tab and the side bar show the same session, plan,
// run and panels. One tab at most: invoking the command again reveals it. The tab
// is not restored after a window reload (no serializer): the side bar's view is.
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../core/disposable';
import type { AgentWebviewProvider } from './agent-webview';

export const OPEN_IN_EDITOR_COMMAND = 'agentChecklist.openInEditor';
/** The webview panel's view type. */
export const AGENT_EDITOR_TYPE = 'agentChecklist.agentEditor';

export class AgentEditorPanel extends Owner implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly provider: AgentWebviewProvider) {
    super();
    this.register(vscode.commands.registerCommand(OPEN_IN_EDITOR_COMMAND, () => this.open()));
    this.register(toDisposable(() => this.panel?.dispose()));
  }

  /** Opens the tab in the active editor group, or reveals the one already open. */
  open(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    const panel = vscode.window.createWebviewPanel(AGENT_EDITOR_TYPE, vscode.l10n.t('Agent'), vscode.ViewColumn.Active, { enableScripts: true });
    this.panel = panel;
    const page = this.provider.attach('editor', panel.webview, () => panel.visible);
    const closed = panel.onDidDispose(() => {
      closed.dispose();
      page.dispose();
      if (this.panel === panel) this.panel = undefined;
    });
  }
}
