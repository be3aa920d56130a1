// The demo model: the bundled scripted session (dist/demo/demo-script.json) played
// with a pause before each answer and between streamed words, so it looks like a
// model at work (the script holds content only; the pacing is this provider's).
// Every turn plays the script from its start (a turn's first request is the one
// whose last message is the user's prompt: a user message that does not follow a
// tool result; the notes a turn's later requests carry, a user's plan edit or the
// flagged items to verify, follow the tool results of the step before). Should a turn ever ask for more than the
// script holds, it answers with a short closing text instead of failing.
// The script tours the user's workspace with the read-only tools, so each plan item
// records real calls as its evidence; the file it reads is one the tour listed
// (demo-listed-file.ts).
import type { ModelProvider, ModelRequest, StreamPart } from '../../core/agent/provider';
import { ScriptedProvider, type ModelScript } from '../../core/agent/providers/scripted';
import { abortableSleep } from '../../core/agent/retry';
import { withListedFile } from './demo-listed-file';
import { DEMO_MODEL } from './demo-model';

const DEMO_PROVIDER_ID = 'demo';
export interface DemoPacing {
  /** Before each answer, as a model thinks. */
  stepDelayMs: number;
  /** Between streamed words. */
  pieceDelayMs: number;
}

const DEMO_PACING: DemoPacing = { stepDelayMs: 450, pieceDelayMs: 18 };
const DEMO_EXHAUSTED_TEXT = 'The demo script has no more steps. Set `agentChecklist.provider` to use a real model.';

export class DemoProvider implements ModelProvider {
  readonly id = DEMO_PROVIDER_ID;
  readonly model = DEMO_MODEL;
  private player: ScriptedProvider;

  constructor(
    private readonly script: ModelScript,
    private readonly pacing: DemoPacing = DEMO_PACING,
  ) {
    this.player = this.newPlayer();
  }

  private newPlayer(): ScriptedProvider {
    return new ScriptedProvider(this.script, DEMO_MODEL, this.pacing.pieceDelayMs, (response, request) =>
      withListedFile(response, request.messages),
    );
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    if (request.messages.at(-1)?.role === 'user' && request.messages.at(-2)?.role !== 'tool')
      this.player = this.newPlayer();
    if (this.pacing.stepDelayMs) await abortableSleep(this.pacing.stepDelayMs, signal);
    if (this.player.consumed >= this.script.responses.length) {
      yield { type: 'text-delta', text: DEMO_EXHAUSTED_TEXT };
      yield { type: 'finish', reason: 'stop' };
      return;
    }
    yield* this.player.stream(request, signal);
  }
}
