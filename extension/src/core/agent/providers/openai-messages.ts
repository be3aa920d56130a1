// ModelRequest -> Chat Completions request parts: the system prompt, deriveMessages()
// as OpenAI messages (assistant tool_calls, tool results) and the tools as function
// JSON Schemas.
//
// reasoning_content (a DeepSeek extension, also read by vLLM and others) follows
// DeepSeek's thinking-mode rules (api-docs.deepseek.com/guides/thinking_mode):
// - between two user messages, if the model made tool calls, the reasoning_content
//   of every assistant message in between must be passed back in all later
//   requests, else the API answers 400 ("The reasoning_content in the thinking mode
//   must be passed back to the API") — so in DeepSeek mode such a message without
//   recorded reasoning gets an empty string;
// - without tool calls in between it is not needed, and DeepSeek ignores it.
// So recorded reasoning is always sent back (harmless where ignored). Only reasoning
// recorded from an OpenAI-compatible stream is: a block with a signature came from
// Anthropic thinking and means nothing to these servers.
import type {
  ChatCompletionAssistantMessageParam,
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import type { Message } from '../derive-messages';
import type { AssistantBlock } from '../../session/events';
import type { ModelRequest } from '../provider';

export interface OpenAIMessageOptions {
  /**
   * DeepSeek thinking mode: assistant messages of a user turn with
   * tool calls carry reasoning_content, "" when none was recorded.
   */
  requireReasoningWithToolCalls: boolean;
}

/** The assistant message as sent, with the reasoning_content extension. */
type OpenAIAssistantMessage = ChatCompletionAssistantMessageParam & { reasoning_content?: string };

export function toOpenAIMessages(request: ModelRequest, options: OpenAIMessageOptions): ChatCompletionMessageParam[] {
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  const needsReasoning = segmentsWithToolCalls(request.messages);
  request.messages.forEach((message, index) => {
    switch (message.role) {
      case 'user':
        messages.push({ role: 'user', content: message.text });
        break;
      case 'tool':
        // Chat Completions has no error flag: the content says it ("Error: ...").
        messages.push({ role: 'tool', tool_call_id: message.callId, content: message.content });
        break;
      case 'assistant': {
        const assistant = toOpenAIAssistant(
          message.content,
          options.requireReasoningWithToolCalls && needsReasoning[index] === true,
        );
        if (assistant) messages.push(assistant);
        break;
      }
    }
  });
  return messages;
}

/** Per message: true for an assistant message between two user messages with a tool call somewhere in between. */
function segmentsWithToolCalls(messages: readonly Message[]): boolean[] {
  const flags = messages.map(() => false);
  let start = 0;
  const close = (end: number): void => {
    const segment = messages.slice(start, end);
    const hasCalls = segment.some((m) => m.role === 'assistant' && m.content.some((b) => b.type === 'tool-call'));
    for (let i = start; i < end; i++) flags[i] = hasCalls && messages[i]?.role === 'assistant';
  };
  messages.forEach((message, index) => {
    if (message.role !== 'user') return;
    close(index);
    start = index + 1;
  });
  close(messages.length);
  return flags;
}

/** One assistant message; `reasoningRequired` sends reasoning_content "" when none was recorded. */
function toOpenAIAssistant(
  blocks: readonly AssistantBlock[],
  reasoningRequired: boolean,
): OpenAIAssistantMessage | null {
  let text = '';
  let reasoning: string | undefined;
  const toolCalls: ChatCompletionMessageFunctionToolCall[] = [];
  for (const block of blocks) {
    if (block.type === 'text') text += block.text;
    else if (block.type === 'reasoning') {
      if (block.signature === undefined) reasoning = (reasoning ?? '') + block.text;
    } else
      toolCalls.push({ id: block.id, type: 'function', function: { name: block.name, arguments: block.arguments } });
  }
  if (!text && toolCalls.length === 0) return null; // reasoning alone is nothing the server can take back
  const message: OpenAIAssistantMessage = { role: 'assistant', content: text || null };
  if (toolCalls.length) message.tool_calls = toolCalls;
  if (reasoning !== undefined) message.reasoning_content = reasoning;
  else if (reasoningRequired) message.reasoning_content = '';
  return message;
}

export function toOpenAITools(request: ModelRequest): ChatCompletionFunctionTool[] {
  return request.tools.map((tool) => ({
    type: 'function',
    function: { name: tool.name, description: tool.description, parameters: tool.parameters },
  }));
}
