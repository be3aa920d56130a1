// ModelRequest -> Anthropic Messages request parts. The rules the API enforces:
// - tool results go in a user message right after the assistant message that made
//   the calls, tool_result blocks first; consecutive user-side messages are merged;
// - thinking blocks are sent back unmodified with their signature (reasoning
//   without a signature came from another provider and cannot be verified: dropped);
// - tool_use `input` is an object: a call whose arguments were not a JSON object
//   (the model's malformed JSON, already answered by an error result) is sent as {};
// - text blocks must not be empty.
import type { MessageParam, Tool, ToolResultBlockParam, ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import type { AssistantBlock } from '../../session/events';
import type { ModelRequest } from '../provider';
import { argumentsAsObject } from './tool-arguments';

export function toAnthropicMessages(request: ModelRequest): MessageParam[] {
  const messages: MessageParam[] = [];
  let pending: { results: ToolResultBlockParam[]; texts: ContentBlockParam[] } | null = null;
  const flushUser = (): void => {
    if (!pending) return;
    const content: ContentBlockParam[] = [...pending.results, ...pending.texts];
    if (content.length) messages.push({ role: 'user', content });
    pending = null;
  };
  for (const message of request.messages) {
    switch (message.role) {
      case 'user':
        pending ??= { results: [], texts: [] };
        if (message.text) pending.texts.push({ type: 'text', text: message.text });
        break;
      case 'tool':
        pending ??= { results: [], texts: [] };
        pending.results.push({
          type: 'tool_result',
          tool_use_id: message.callId,
          content: message.content,
          is_error: message.isError,
        });
        break;
      case 'assistant': {
        const content = toAnthropicAssistantContent(message.content);
        if (!content.length) break;
        flushUser();
        messages.push({ role: 'assistant', content });
        break;
      }
    }
  }
  flushUser();
  return messages;
}

function toAnthropicAssistantContent(blocks: readonly AssistantBlock[]): ContentBlockParam[] {
  const content: ContentBlockParam[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'reasoning':
        if (block.signature !== undefined)
          content.push({ type: 'thinking', thinking: block.text, signature: block.signature });
        break;
      case 'text':
        if (block.text) content.push({ type: 'text', text: block.text });
        break;
      case 'tool-call':
        content.push({ type: 'tool_use', id: block.id, name: block.name, input: argumentsAsObject(block.arguments) });
        break;
    }
  }
  return content;
}

export function toAnthropicTools(request: ModelRequest): Tool[] {
  return request.tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: { ...tool.parameters, type: 'object' },
  }));
}
