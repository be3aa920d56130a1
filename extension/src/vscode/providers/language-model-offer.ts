// One click from the demo to a real model when VS Code offers one (vscode.lm: GitHub
// Copilot or another extension's models): the offer (the first model's name, kept
// current as models come and go) that the demo banner shows, and the command the
// banner and the walkthrough run, which makes `vscode-lm` the provider in the user
// settings (application scope: where the agent's requests go is the user's choice,
// never a workspace's).
import * as vscode from 'vscode';

const USE_LANGUAGE_MODEL_COMMAND = 'agentChecklist.useLanguageModel';

export class LanguageModelOffer implements vscode.Disposable {
  private name: string | undefined;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the offered model changes (one appears, goes, or another comes first). */
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(private readonly log: vscode.LogOutputChannel) {
    this.listener = vscode.lm.onDidChangeChatModels(() => void this.refresh());
    void this.refresh();
  }

  /** The name of the model VS Code offers first; undefined while it offers none. */
  get offered(): string | undefined {
    return this.name;
  }

  private async refresh(): Promise<void> {
    let next: string | undefined;
    try {
      next = (await vscode.lm.selectChatModels())[0]?.name;
    } catch (error) {
      this.log.warn(`could not list VS Code's language models: ${String(error)}`);
    }
    if (next === this.name) return;
    this.name = next;
    this.changed.fire();
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}

/** The command: true when a model is offered and now runs the agent; false (and says why) when VS Code offers none. */
export function registerUseLanguageModel(): vscode.Disposable {
  return vscode.commands.registerCommand(USE_LANGUAGE_MODEL_COMMAND, async (): Promise<boolean> => {
    const [model] = await vscode.lm.selectChatModels();
    if (model === undefined) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
          'Agent Checklist: VS Code offers no language model yet. Install and sign in to an extension that provides one (for example GitHub Copilot), or set an API key.',
        ),
      );
      return false;
    }
    await vscode.workspace
      .getConfiguration('agentChecklist')
      .update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Agent Checklist: your next prompt runs {0} (VS Code language model).', model.name),
    );
    return true;
  });
}
