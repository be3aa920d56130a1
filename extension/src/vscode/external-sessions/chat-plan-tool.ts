// The `todo_write` language-model tool (contributes.languageModelTools): Copilot agent
// mode or any chat participant calls the SAME tool (core/tools/todo-write/todo-write-tool.ts,
// through ExternalPlanSession); the plans land in this window's "Chat" session, a
// log in the extension's own session folder (`source: { kind: "chat" }`), which the
// surfaces follow like any external session.
//
// The owner is that Chat session, whoever invokes the tool (a chat request carries
// a toolInvocationToken, `vscode.lm.invokeTool` from an extension may not). A
// rejection is answered with the contract's `Error: …` text as the tool result (this
// API has no error flag on a result) and appends nothing.
import * as vscode from 'vscode';
import type { ExternalPlanSession } from '../../core/mcp/external-plan-session';
import { TODO_WRITE_TOOL_NAME } from '../../core/domain-literals';
import type { SessionStore } from '../../core/store/session-store';

export interface ChatPlanToolOptions {
  store: SessionStore;
  /** Read per call: the setting may change while the window is open. */
  allowParallelInProgress: () => boolean;
  cwd: string | undefined;
  log: vscode.LogOutputChannel;
}

/** Owns the Chat session(s) of this window; one per policy value (the policy is fixed per session's tool). */
export class ChatPlanTool implements vscode.Disposable {
  private session: ExternalPlanSession | undefined;
  private sessionPolicy: boolean | undefined;
  private readonly registration: vscode.Disposable;

  constructor(private readonly options: ChatPlanToolOptions) {
    this.registration = vscode.lm.registerTool<unknown>(TODO_WRITE_TOOL_NAME, {
      prepareInvocation: () => ({ invocationMessage: vscode.l10n.t('Updating the todo list') }),
      invoke: async (invocation, token) => {
        const abort = new AbortController();
        const cancel = token.onCancellationRequested(() => abort.abort());
        try {
          const result = await (await this.current()).write(invocation.input, abort.signal);
          return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(result.content)]);
        } finally {
          cancel.dispose();
        }
      },
    });
  }

  /**
   * The Chat session for the current policy; a changed setting starts a new one (its turn
   * closes). Its writer (chat-plan-session.ts) loads at the first call; nothing awaits
   * between the check and the creation, so two calls share one session.
   */
  private async current(): Promise<ExternalPlanSession> {
    const { ExternalPlanSession } = await import('./chat-plan-session');
    const allow = this.options.allowParallelInProgress();
    if (this.session && this.sessionPolicy === allow) return this.session;
    this.session?.dispose();
    this.sessionPolicy = allow;
    this.session = new ExternalPlanSession({
      store: this.options.store,
      source: { kind: 'chat' },
      policy: { allowParallelInProgress: allow },
      title: 'Chat',
      ...(this.options.cwd === undefined ? {} : { cwd: this.options.cwd }),
      onCreated: (opened) => this.options.log.info(`chat session ${opened.session.id} (${opened.path})`),
    });
    return this.session;
  }

  /** The current Chat session's log, once its first accepted call created it. */
  get logPath(): string | null {
    return this.session?.log?.path ?? null;
  }

  dispose(): void {
    this.registration.dispose();
    this.session?.dispose();
    this.session = undefined;
  }
}
