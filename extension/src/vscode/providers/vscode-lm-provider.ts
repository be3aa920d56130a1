// A ModelProvider over VS Code's Language Model API (vscode.lm): the models the
// editor already offers (GitHub Copilot and other extensions' models), with tool
// calling through LanguageModelToolCallPart / LanguageModelToolResultPart. Thin on
// purpose: the loop, retries and the log are the core's.
//
// Mapping (the API of VS Code 1.100 has no system role and no reasoning part):
// - the system prompt leads the first user message as a text part;
// - user-side messages are merged, tool results first, like Anthropic's rule;
// - reasoning blocks are not sent; tool-call input goes as an object ({} for the
//   model's malformed JSON, which its error result already explained).
// The AbortSignal cancels the request through a CancellationTokenSource. Tool calls
// are yielded whole (the API hands them over assembled) after the stream ends.
import * as vscode from 'vscode';
import { ProviderError, type ModelProvider, type ModelRequest, type StreamPart } from '../../core/agent/provider';
import { argumentsAsObject } from '../../core/agent/providers/tool-arguments';
import { vscodeLmContextWindow, vscodeLmProviderError } from '../../core/agent/providers/vscode-lm-errors';

type UserPart = vscode.LanguageModelTextPart | vscode.LanguageModelToolResultPart;
type AssistantPart = vscode.LanguageModelTextPart | vscode.LanguageModelToolCallPart;

export class VscodeLmProvider implements ModelProvider {
  readonly id = 'vscode-lm';
  readonly model: string;
  /** The model's own answer (`maxInputTokens`). */
  readonly contextWindow: number | undefined;

  constructor(
    private readonly chat: vscode.LanguageModelChat,
    /** Shown by VS Code when it asks the user to allow this extension to use the model. */
    private readonly justification = 'Agent Checklist runs the agent session you started with this model.',
  ) {
    this.model = chat.id;
    this.contextWindow = vscodeLmContextWindow(chat.maxInputTokens);
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    const cancellation = new vscode.CancellationTokenSource();
    const onAbort = (): void => cancellation.cancel();
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) cancellation.cancel();
    try {
      let response: vscode.LanguageModelChatResponse;
      try {
        response = await this.chat.sendRequest(
          toLanguageModelMessages(request),
          {
            justification: this.justification,
            tools: toLanguageModelTools(request),
            toolMode: vscode.LanguageModelChatToolMode.Auto,
          },
          cancellation.token,
        );
      } catch (error) {
        throw toProviderError(error, signal);
      }
      const calls: { id: string; name: string; arguments: string }[] = [];
      try {
        for await (const part of response.stream) {
          if (signal.aborted) return;
          if (part instanceof vscode.LanguageModelTextPart) {
            if (part.value) yield { type: 'text-delta', text: part.value };
          } else if (part instanceof vscode.LanguageModelToolCallPart) {
            calls.push({ id: part.callId, name: part.name, arguments: JSON.stringify(part.input ?? {}) });
          }
          // Other parts (data, future kinds) carry nothing the log records.
        }
      } catch (error) {
        throw toProviderError(error, signal);
      }
      if (signal.aborted) return;
      for (const call of calls) yield { type: 'tool-call', ...call };
      yield { type: 'finish', reason: calls.length ? 'tool_calls' : 'stop' };
    } finally {
      signal.removeEventListener('abort', onAbort);
      cancellation.dispose();
    }
  }
}

/** The first model matching `selector`, as a provider; a clear error when the editor offers none. */
export async function selectVscodeLmProvider(
  selector: vscode.LanguageModelChatSelector = {},
): Promise<VscodeLmProvider> {
  const [chat] = await vscode.lm.selectChatModels(selector);
  if (!chat) {
    throw new ProviderError(
      `no VS Code language model matches ${JSON.stringify(selector)}; ` +
        'install and sign in to an extension that provides one (for example GitHub Copilot), or pick another provider',
    );
  }
  return new VscodeLmProvider(chat);
}

function toLanguageModelMessages(request: ModelRequest): vscode.LanguageModelChatMessage[] {
  const messages: vscode.LanguageModelChatMessage[] = [];
  let results: UserPart[] = [];
  let texts: UserPart[] = request.system ? [new vscode.LanguageModelTextPart(request.system)] : [];
  const flushUser = (): void => {
    const parts = [...results, ...texts];
    if (parts.length) messages.push(vscode.LanguageModelChatMessage.User(parts));
    results = [];
    texts = [];
  };
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        if (message.text) texts.push(new vscode.LanguageModelTextPart(message.text));
        break;
      case 'tool':
        // No error flag on this wire: the content says it ("Error: ...").
        results.push(
          new vscode.LanguageModelToolResultPart(message.callId, [new vscode.LanguageModelTextPart(message.content)]),
        );
        break;
      case 'assistant': {
        const parts: AssistantPart[] = [];
        for (const block of message.content) {
          if (block.type === 'text' && block.text) parts.push(new vscode.LanguageModelTextPart(block.text));
          else if (block.type === 'tool-call')
            parts.push(new vscode.LanguageModelToolCallPart(block.id, block.name, argumentsAsObject(block.arguments)));
        }
        if (!parts.length) break;
        flushUser();
        messages.push(vscode.LanguageModelChatMessage.Assistant(parts));
        break;
      }
    }
  }
  flushUser();
  return messages;
}

function toLanguageModelTools(request: ModelRequest): vscode.LanguageModelChatTool[] {
  return request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: tool.parameters,
  }));
}

/** The thrown value, read into the pure classifier (core/agent/providers/vscode-lm-errors.ts). */
function toProviderError(error: unknown, signal: AbortSignal): unknown {
  if (signal.aborted || error instanceof vscode.CancellationError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return vscodeLmProviderError(
    error instanceof vscode.LanguageModelError ? { message, languageModelCode: error.code } : { message },
  );
}
