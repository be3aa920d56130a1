// The compaction request: the history a `context/compact` will cover, then one user
// message asking for the summary; no tools. It must itself fit the window, so when
// it would not, the oldest tool outputs are cut first (they are the bulk of a long
// session and the model already drew its conclusions from them), then older
// reasoning, then the oldest long texts and call arguments. Each cut is marked, so
// the summarizer knows something is missing.
import type { Message } from './derive-messages';
import type { AssistantBlock } from '../session/events';
import { estimateMessageTokens, estimateTokens } from './context-budget';

export const COMPACTION_SYSTEM_PROMPT =
  "You summarize a coding agent's conversation so that the agent can continue " +
  'the work from your summary alone. You have no tools; answer with text only.';

const COMPACTION_PROMPT = [
  'The conversation above no longer fits the context window and will be replaced by your summary.',
  "Write the summary that lets you continue the work without it: the user's requests (quote the latest one exactly);",
  'what has been done and found so far (files, functions, commands and their results, with exact names and paths);',
  'decisions made; errors and how they were resolved; and what remains to do next.',
  'Your todo list is kept on the session log and is restated to you after the summary, so do not copy it.',
  'Answer with the summary only.',
].join(' ');

/** How much of a cut text is kept. */
const KEEP_CHARS = 400;

function cutMarker(omitted: number): string {
  return `[… ${omitted} characters cut to fit the context window]`;
}

function cutText(text: string): string {
  if (text.length <= KEEP_CHARS + 80) return text;
  return `${text.slice(0, KEEP_CHARS)}\n${cutMarker(text.length - KEEP_CHARS)}`;
}

function cutArguments(args: string): string {
  if (args.length <= KEEP_CHARS + 80) return args;
  return JSON.stringify({ cut: cutMarker(args.length) });
}

export interface FittedRequest {
  messages: Message[];
  tokens: number;
  /** Messages whose content was cut or thinned. */
  cut: number;
}

/**
 * `history` + the compaction prompt, cut until the estimate is within `budget`
 * tokens (0 = no budget: nothing is cut). Null when even the cut request is over.
 */
export function fitCompactionRequest(history: readonly Message[], budget: number): FittedRequest | null {
  const messages: Message[] = [...history, { role: 'user', text: COMPACTION_PROMPT }];
  const sizes = messages.map(estimateMessageTokens);
  let tokens = estimateTokens(COMPACTION_SYSTEM_PROMPT) + sizes.reduce((a, b) => a + b, 0);
  let cut = 0;
  if (budget <= 0 || tokens <= budget) return { messages, tokens, cut };
  const last = history.length; // the prompt itself is never cut
  const replace = (i: number, message: Message): void => {
    const size = estimateMessageTokens(message);
    tokens += size - sizes[i]!;
    sizes[i] = size;
    messages[i] = message;
    cut++;
  };
  const passes: ((message: Message, index: number) => Message | null)[] = [
    (m) => (m.role === 'tool' && m.content.length > KEEP_CHARS + 80 ? { ...m, content: cutText(m.content) } : null),
    (m, i) => {
      if (m.role !== 'assistant' || i === lastAssistant(messages)) return null;
      const content = m.content.filter((b) => b.type !== 'reasoning');
      return content.length === m.content.length ? null : { role: 'assistant', content };
    },
    (m) => {
      if (m.role === 'user') return m.text.length > KEEP_CHARS + 80 ? { role: 'user', text: cutText(m.text) } : null;
      if (m.role !== 'assistant') return null;
      const content = m.content.map(cutBlock);
      return content.some((b, j) => b !== m.content[j]) ? { role: 'assistant', content } : null;
    },
  ];
  for (const pass of passes) {
    for (let i = 0; i < last && tokens > budget; i++) {
      const next = pass(messages[i]!, i);
      if (next) replace(i, next);
    }
    if (tokens <= budget) return { messages, tokens, cut };
  }
  return null;
}

function cutBlock(block: AssistantBlock): AssistantBlock {
  switch (block.type) {
    case 'tool-call': {
      const args = cutArguments(block.arguments);
      return args === block.arguments ? block : { ...block, arguments: args };
    }
    case 'reasoning':
      if (block.signature !== undefined) return block; // a signed block must go back unmodified or not at all
      return { ...block, text: cutText(block.text) };
    case 'text': {
      const text = cutText(block.text);
      return text === block.text ? block : { ...block, text };
    }
  }
}

function lastAssistant(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'assistant') return i;
  return -1;
}
