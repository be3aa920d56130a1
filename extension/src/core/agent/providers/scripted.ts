// The scripted model: a JSON file of responses, one consumed per model request, in
// request order across every session of a run (parent and subagents share the queue).
// It runs through the same loop code path as a real provider; it is the only mock,
// at the only nondeterministic edge.
import * as fs from 'node:fs';
import * as z from 'zod/mini';
import '../../zod-english';
import { ProviderError, type ModelProvider, type ModelRequest, type StreamPart } from '../provider';
import { abortableSleep as sleep } from '../retry';

const modelScriptSchema = z.object({
  responses: z.array(
    z.object({
      reasoning: z.exactOptional(z.string()),
      text: z.exactOptional(z.string()),
      toolCalls: z.exactOptional(
        z.array(
          z.object({
            id: z.exactOptional(z.string().check(z.minLength(1))),
            name: z.string().check(z.minLength(1)),
            /** Any JSON value (sent as its JSON text) or a raw string (sent as-is, to test malformed JSON). */
            arguments: z.unknown(),
          }),
        ),
      ),
      /** Extension: wait this long before answering (demo pacing, Stop tests). Abortable. */
      delayMs: z.exactOptional(z.number().check(z.int(), z.minimum(0))),
      /** Extension: fail this request as a provider would (retry and error tests). */
      error: z.exactOptional(
        z.object({
          message: z.string(),
          retryable: z.exactOptional(z.boolean()),
          retryAfterMs: z.exactOptional(z.number().check(z.int(), z.minimum(0))),
          status: z.exactOptional(z.number().check(z.int())),
        }),
      ),
    }),
  ),
});
export type ModelScript = z.infer<typeof modelScriptSchema>;
/** One answer of a scripted model. */
export type ScriptedResponse = ModelScript['responses'][number];

function parseModelScript(json: unknown, source = 'script'): ModelScript {
  const parsed = modelScriptSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(
      `${source}: not a scripted model file: ` +
        `${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  return parsed.data;
}

export function loadModelScript(path: string): ModelScript {
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `${path}: cannot read the scripted model file: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return parseModelScript(json, path);
}

/** Splits text into word-sized pieces so consumers see real streaming. */
function pieces(text: string): string[] {
  return text.match(/\s*\S+\s*|\s+/g) ?? [];
}

export class ScriptedProvider implements ModelProvider {
  readonly id = 'scripted';
  private next = 0;
  private generated = 0;

  constructor(
    private readonly script: ModelScript,
    readonly model = 'scripted',
    /** Pause between streamed pieces, for demos; 0 in tests. */
    private readonly pieceDelayMs = 0,
    /** Makes the response played for a request from the script's (the demo fills in a listed file's path). */
    private readonly prepare: (response: ScriptedResponse, request: ModelRequest) => ScriptedResponse = (r) => r,
  ) {}

  get consumed(): number {
    return this.next;
  }

  async *stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    const index = this.next;
    const scripted = this.script.responses[index];
    if (!scripted) {
      throw new ProviderError(
        `the scripted model has no response left: request ${index + 1}, ` +
          `but the script has ${this.script.responses.length}`,
      );
    }
    this.next++;
    const response = this.prepare(scripted, request);
    if (response.delayMs) await sleep(response.delayMs, signal);
    if (response.error) {
      const { message, retryable, retryAfterMs, status } = response.error;
      throw new ProviderError(message, {
        retryable: retryable ?? false,
        ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
        ...(status === undefined ? {} : { status }),
      });
    }
    for (const piece of pieces(response.reasoning ?? '')) {
      if (this.pieceDelayMs) await sleep(this.pieceDelayMs, signal);
      yield { type: 'reasoning-delta', text: piece };
    }
    for (const piece of pieces(response.text ?? '')) {
      if (this.pieceDelayMs) await sleep(this.pieceDelayMs, signal);
      yield { type: 'text-delta', text: piece };
    }
    for (const call of response.toolCalls ?? []) {
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {});
      yield { type: 'tool-call', id: call.id ?? `call_scripted_${++this.generated}`, name: call.name, arguments: args };
    }
    yield { type: 'finish', reason: response.toolCalls?.length ? 'tool_calls' : 'stop' };
  }
}
