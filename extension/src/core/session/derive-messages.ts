// The model's view of a session: surface events, in order, as provider-neutral
// messages. Nothing else reaches the model — todo/write in particular never does;
// the model sees only its own tool call (in the assistant message) and the result.
import type { AssistantBlock, SessionEvent } from './events';

export type Message =
  | { role: 'user'; text: string }
  | { role: 'assistant'; content: AssistantBlock[] }
  | { role: 'tool'; callId: string; isError: boolean; content: string };

export function deriveMessages(events: Iterable<SessionEvent>): Message[] {
  const messages: Message[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'user/message':
        messages.push({ role: 'user', text: event.data.message.text });
        break;
      case 'assistant/message':
        messages.push({ role: 'assistant', content: event.data.message.content });
        break;
      case 'tool/result':
        messages.push({ role: 'tool', callId: event.data.callId, isError: event.data.isError, content: event.data.content });
        break;
      default:
        break;
    }
  }
  return messages;
}
