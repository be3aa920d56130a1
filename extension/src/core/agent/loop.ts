// The agent loop: one turn = turn/start, user/message, then steps until a step makes
// no tool call. Each step streams the model (deltas go to listeners live, never to
// the log), records the assistant message, then runs its tool calls in the model's
// order, each tool/call durable BEFORE the tool runs. Every call the model made gets
// exactly one result, whatever happens (stop, error, max steps), so the log stays
// valid and the next turn's history is one the provider accepts.
import type { AssistantBlock, TurnEndReason, Usage } from '../session/events';
import { deriveMessages } from '../session/derive-messages';
import type { Session } from '../session/session';
import type { ToolRegistry } from '../tools/registry';
import { ProviderError, type ModelProvider } from './provider';
import { withRetries, type RetryPolicy } from './retry';
import { DEFAULT_SYSTEM_PROMPT } from './system-prompt';

/** Live-only streaming notifications (not log lines). `reset` drops a failed attempt's partial output. */
export type LiveDelta =
  | { kind: 'text' | 'reasoning'; sessionId: string; turn: number; step: number; text: string }
  | { kind: 'reset'; sessionId: string; turn: number; step: number; attempt: number; delayMs: number; message: string };

export interface TurnOptions {
  provider: ModelProvider;
  tools: ToolRegistry;
  maxSteps: number;
  signal?: AbortSignal;
  system?: string;
  retry?: Partial<RetryPolicy>;
  onDelta?: (delta: LiveDelta) => void;
}

export const STOPPED_BEFORE_START = 'Error: this call was not started: the user stopped the turn.';

interface StepOutput {
  blocks: AssistantBlock[];
  calls: { id: string; name: string; arguments: string }[];
  usage: Usage | undefined;
  finishReason: string | undefined;
}

function emptyOutput(): StepOutput {
  return { blocks: [], calls: [], usage: undefined, finishReason: undefined };
}

/** Runs one turn of `session` for `prompt` and returns how it ended (also logged as turn/end). */
export async function runTurn(session: Session, prompt: string, options: TurnOptions): Promise<TurnEndReason> {
  if (session.openTurn !== null) throw new Error(`session ${session.id} has turn ${session.openTurn} open; repair it before starting a new turn`);
  if (!Number.isInteger(options.maxSteps) || options.maxSteps < 1) throw new Error('maxSteps must be a whole number of at least 1');
  const signal = options.signal ?? new AbortController().signal;
  const turn = session.lastTurn + 1;
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: prompt } });
  const end = (reason: TurnEndReason): TurnEndReason => {
    session.append('turn/end', { turn, reason });
    return reason;
  };

  for (let step = 1; ; step++) {
    if (signal.aborted) return end({ kind: 'aborted' });
    if (step > options.maxSteps) return end({ kind: 'max-steps', maxSteps: options.maxSteps });
    session.append('step/start', { turn, step });
    let output = emptyOutput();
    let failure: string | null = null;
    try {
      await withRetries(
        async () => {
          output = emptyOutput();
          await streamStep(session, turn, step, options, signal, output);
        },
        { signal, ...options.retry },
        (attempt, delayMs, error) => options.onDelta?.({ kind: 'reset', sessionId: session.id, turn, step, attempt, delayMs, message: error.message }),
      );
    } catch (error) {
      if (!signal.aborted) failure = error instanceof Error ? error.message : String(error);
    }
    const aborted = signal.aborted;
    // A failed request leaves nothing; a stopped one keeps what the user already saw, minus unstarted calls.
    const blocks = failure !== null ? [] : aborted ? output.blocks.filter((b) => b.type !== 'tool-call') : output.blocks;
    if (blocks.length) {
      session.append('assistant/message', {
        turn,
        step,
        message: { content: blocks },
        model: { provider: options.provider.id, model: options.provider.model },
        ...(output.usage ? { usage: output.usage } : {}),
        ...(output.finishReason ? { finishReason: output.finishReason } : {}),
      });
    }
    const calls = failure === null && !aborted ? output.calls : [];
    for (const call of calls) {
      if (signal.aborted) {
        session.append('tool/result', { turn, step, callId: call.id, isError: true, content: STOPPED_BEFORE_START });
        continue;
      }
      session.append('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.arguments });
      const result = await options.tools.execute(call.name, call.arguments, { agent: { session }, signal, callId: call.id });
      session.append('tool/result', { turn, step, callId: call.id, isError: result.isError, content: result.content });
    }
    session.append('step/end', { turn, step });
    if (failure !== null) return end({ kind: 'error', message: failure });
    if (signal.aborted) return end({ kind: 'aborted' });
    if (calls.length === 0) return end({ kind: 'completed' });
  }
}

async function streamStep(session: Session, turn: number, step: number, options: TurnOptions, signal: AbortSignal, out: StepOutput): Promise<void> {
  const request = { system: options.system ?? DEFAULT_SYSTEM_PROMPT, messages: deriveMessages(session.events), tools: options.tools.specs(), sessionId: session.id };
  let text = '';
  let reasoning = '';
  let signature: string | undefined;
  const flush = (): void => {
    // Blocks keep the order the model produced them: reasoning, text, then calls.
    out.blocks = [];
    if (reasoning) out.blocks.push(signature === undefined ? { type: 'reasoning', text: reasoning } : { type: 'reasoning', text: reasoning, signature });
    if (text) out.blocks.push({ type: 'text', text });
    for (const call of out.calls) out.blocks.push({ type: 'tool-call', id: call.id, name: call.name, arguments: call.arguments });
  };
  try {
    for await (const part of options.provider.stream(request, signal)) {
      if (signal.aborted) break;
      switch (part.type) {
        case 'text-delta':
          text += part.text;
          options.onDelta?.({ kind: 'text', sessionId: session.id, turn, step, text: part.text });
          break;
        case 'reasoning-delta':
          reasoning += part.text;
          options.onDelta?.({ kind: 'reasoning', sessionId: session.id, turn, step, text: part.text });
          break;
        case 'reasoning-signature':
          signature = part.signature;
          break;
        case 'tool-call': {
          const id = out.calls.some((c) => c.id === part.id) ? `${part.id}_${out.calls.length}` : part.id;
          out.calls.push({ id, name: part.name, arguments: part.arguments });
          break;
        }
        case 'usage':
          out.usage = part.usage;
          break;
        case 'finish':
          out.finishReason = part.reason;
          break;
      }
    }
  } finally {
    flush();
  }
  if (signal.aborted) return;
  if (!text && !reasoning && out.calls.length === 0 && out.finishReason === undefined) {
    throw new ProviderError('the model returned an empty response', { retryable: true });
  }
}
