// Agent Checklist: Open in Editor — the Agent view as an editor tab. It is the same
// page over the same protocol, attached to the one AgentWebviewProvider as a second
// page (agent-webview.ts), so the tab and the side bar show the same session, plan,
// run and panels. One tab at most: invoking the command again reveals it. The tab
// comes back after a window reload: VS Code keeps it (a serializer is registered for
// its view type, and `onWebviewPanel:` activates the extension for it) and hands it
// back here, where the same page is attached to it again. It carries no state of its
// own: the page restores from the snapshot like the side bar's.
import * as vscode from 'vscode';
import { Owner, toDisposable } from '../../core/disposable';
import type { AgentWebviewProvider } from './agent-webview';

const OPEN_IN_EDITOR_COMMAND = 'agentChecklist.openInEditor';
/** The webview panel's view type (package.json's `onWebviewPanel:` activation event names it). */
const AGENT_EDITOR_TYPE = 'agentChecklist.agentEditor';

export class AgentEditorPanel extends Owner implements vscode.Disposable {
  private panel: vscode.WebviewPanel | undefined;

  constructor(private readonly provider: AgentWebviewProvider) {
    super();
    this.register(vscode.commands.registerCommand(OPEN_IN_EDITOR_COMMAND, () => this.open()));
    this.register(
      vscode.window.registerWebviewPanelSerializer(AGENT_EDITOR_TYPE, {
        deserializeWebviewPanel: (panel) => Promise.resolve(this.restore(panel)),
      }),
    );
    this.register(toDisposable(() => this.panel?.dispose()));
  }

  /** Opens the tab in the active editor group, or reveals the one already open. */
  open(): void {
    if (this.panel) {
      this.panel.reveal();
      return;
    }
    this.adopt(
      vscode.window.createWebviewPanel(AGENT_EDITOR_TYPE, vscode.l10n.t('Agent'), vscode.ViewColumn.Active, {
        enableScripts: true,
      }),
    );
  }

  /** The tab VS Code restored after a reload; a second one (a tab already open) is closed: one tab at most. */
  private restore(panel: vscode.WebviewPanel): void {
    if (this.panel) panel.dispose();
    else this.adopt(panel);
  }

  /** Shows the Agent page in `panel` until it closes. */
  private adopt(panel: vscode.WebviewPanel): void {
    this.panel = panel;
    const page = this.provider.attach('editor', panel.webview, () => panel.visible);
    const closed = panel.onDidDispose(() => {
      closed.dispose();
      page.dispose();
      if (this.panel === panel) this.panel = undefined;
    });
  }
}
