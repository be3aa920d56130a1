// One step's model response, streamed: deltas go to the listeners live (never to the
// log); the blocks (reasoning, text, then calls, in the order the model produced
// them) and the calls are collected into the step's output, also when the stream is
// stopped or fails midway. What the user saw of it is then logged as the step's
// assistant message (logAnswer).
import type { AssistantBlock, ModelRef, Usage } from '../session/events';
import type { Session } from '../session/session';
import { ProviderError, type ModelRequest } from './provider';
import type { TurnOptions } from './turn-options';

export interface StepOutput {
  blocks: AssistantBlock[];
  calls: { id: string; name: string; arguments: string }[];
  usage: Usage | undefined;
  finishReason: string | undefined;
}

export function emptyOutput(): StepOutput {
  return { blocks: [], calls: [], usage: undefined, finishReason: undefined };
}

/** The step's blocks in the order the model produced them: reasoning, text, then calls. */
function blocksOf(
  said: { reasoning: string; signature: string | undefined; text: string },
  calls: StepOutput['calls'],
): AssistantBlock[] {
  const blocks: AssistantBlock[] = [];
  const { reasoning, signature, text } = said;
  if (reasoning)
    blocks.push(
      signature === undefined
        ? { type: 'reasoning', text: reasoning }
        : { type: 'reasoning', text: reasoning, signature },
    );
  if (text) blocks.push({ type: 'text', text });
  for (const call of calls) blocks.push({ type: 'tool-call', id: call.id, name: call.name, arguments: call.arguments });
  return blocks;
}

/** Streams `request` into `out`; an empty response is a retryable provider error. */
export async function streamStep(
  session: Session,
  turn: number,
  step: number,
  request: ModelRequest,
  options: TurnOptions,
  signal: AbortSignal,
  out: StepOutput,
): Promise<void> {
  let text = '';
  let reasoning = '';
  let signature: string | undefined;
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
    out.blocks = blocksOf({ reasoning, signature, text }, out.calls);
  }
  if (signal.aborted) return;
  if (!text && !reasoning && out.calls.length === 0 && out.finishReason === undefined) {
    throw new ProviderError('the model returned an empty response', { retryable: true });
  }
}

export type ToolCall = StepOutput['calls'][number];

/** What the model answered in one step: its output, the calls to run, and why the request failed if it did. */
export interface StepAnswer {
  output: StepOutput;
  /** The calls to run: none when the request failed, overflowed or was stopped. */
  calls: ToolCall[];
  /** The message the turn ends `error` with; null when the request succeeded, was stopped or overflowed. */
  failure: string | null;
  /** The provider said the request is too long and there is something to compact: compact, then the next step. */
  overflow: boolean;
}

/** A failed request leaves nothing; a stopped one keeps what the user already saw, minus unstarted calls. */
export function logAnswer(
  session: Session,
  { turn, step, model }: { turn: number; step: number; model: ModelRef },
  { output, failure, overflow }: StepAnswer,
  aborted: boolean,
): void {
  const blocks =
    failure !== null || overflow ? [] : aborted ? output.blocks.filter((b) => b.type !== 'tool-call') : output.blocks;
  if (blocks.length === 0) return;
  session.append('assistant/message', {
    turn,
    step,
    message: { content: blocks },
    model,
    ...(output.usage ? { usage: output.usage } : {}),
    ...(output.finishReason ? { finishReason: output.finishReason } : {}),
  });
}
