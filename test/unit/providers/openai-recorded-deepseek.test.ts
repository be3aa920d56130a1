// A real model's stream, replayed byte for byte from a loopback server, through the
// real OpenAI SDK, the real loop, the real todo_write tool and a real session log.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OpenAIProvider } from '../../../extension/src/core/agent/providers/openai';
import { DEFAULT_SYSTEM_PROMPT } from '../../../extension/src/core/agent/system-prompt';
import { LoopbackServer, sse } from './loopback-server';
import { eventsOf, finalText, loadRecordedTodoWrite, runProviderTurn, standingPlan, type TurnRun } from './support';

const API_KEY = 'sk-loopback-0123456789abcdef';
const fixture = loadRecordedTodoWrite();

/** The reasoning a step's SSE file streams, concatenated (what the log must record). */
function reasoningOf(body: Buffer): string {
  let text = '';
  for (const line of body.toString('utf8').split('\n')) {
    if (!line.startsWith('data: {')) continue;
    const chunk: unknown = JSON.parse(line.slice('data: '.length));
    const choices =
      typeof chunk === 'object' && chunk !== null && 'choices' in chunk && Array.isArray(chunk.choices)
        ? chunk.choices
        : [];
    for (const choice of choices) {
      const piece: unknown = choice?.delta?.reasoning_content;
      if (typeof piece === 'string') text += piece;
    }
  }
  return text;
}

describe('openai provider replays the recorded DeepSeek todo_write stream', () => {
  let server: LoopbackServer;
  let run: TurnRun;
  const { manifest, steps } = fixture;

  before(async () => {
    server = await LoopbackServer.start(steps.map((body) => sse(body)));
    // A loopback host is not "deepseek", so DeepSeek's history rule is switched on by hand.
    const provider = new OpenAIProvider({
      model: manifest.model,
      apiKey: API_KEY,
      baseURL: `${server.url}/v1`,
      requireReasoningWithToolCalls: true,
    });
    run = await runProviderTurn(provider, manifest.first_user_prompt);
  });
  after(async () => server?.close());

  it('completes the turn in as many steps as the recording, ending with the text DONE', () => {
    assert.deepEqual(run.end, { kind: 'completed' });
    assert.equal(eventsOf(run.events, 'step/start').length, manifest.steps.length);
    assert.equal(finalText(run.events), manifest.steps[manifest.steps.length - 1]?.text);
    assert.equal(server.requests.length, manifest.steps.length);
  });

  it('assembles the 56 argument pieces into exactly the manifest call (id, name, arguments string)', () => {
    const messages = eventsOf(run.events, 'assistant/message');
    manifest.steps.forEach((step, i) => {
      const calls = messages[i]?.data.message.content.filter((b) => b.type === 'tool-call') ?? [];
      assert.deepEqual(
        calls,
        step.tool_calls.map((c) => ({ type: 'tool-call', id: c.id, name: c.name, arguments: c.arguments })),
      );
      assert.equal(messages[i]?.data.finishReason, step.finish_reason);
    });
    // The arguments are logged once, on the announcing message (checked above).
    const toolCalls = eventsOf(run.events, 'tool/call').map((e) => ({
      id: e.data.callId,
      name: e.data.name,
      arguments: e.data.arguments,
    }));
    assert.deepEqual(
      toolCalls,
      manifest.steps.flatMap((s) => s.tool_calls).map((c) => ({ id: c.id, name: c.name, arguments: undefined })),
    );
  });

  it('records the reasoning as a reasoning block and streams it live', () => {
    const first = eventsOf(run.events, 'assistant/message')[0];
    const reasoning = first?.data.message.content.find((b) => b.type === 'reasoning');
    assert.equal(reasoning?.text, reasoningOf(steps[0]!));
    const live = run.deltas.filter((d) => d.kind === 'reasoning' && d.step === 1);
    assert.ok(live.length > 1, 'reasoning arrives as several live deltas');
  });

  it('records usage from the include_usage chunk', () => {
    const first = eventsOf(run.events, 'assistant/message')[0];
    assert.deepEqual(first?.data.usage, { inputTokens: 5778, outputTokens: 117, cachedInputTokens: 0 });
  });

  it('appends the recorded todo/write and leaves the recorded standing plan', () => {
    assert.deepEqual(
      eventsOf(run.events, 'todo/write').map((e) => e.data.todos),
      manifest.recorded_todo_writes,
    );
    assert.deepEqual(standingPlan(run.events), manifest.standing_plan_at_end);
    assert.deepEqual(run.tailPlan, manifest.standing_plan_at_end);
    const results = eventsOf(run.events, 'tool/result');
    assert.equal(results.length, 1);
    assert.equal(results[0]?.data.isError, false);
  });

  it('sent the tools, the system prompt and the prompt in the first request', () => {
    const body = server.requests[0]?.json;
    assert.ok(typeof body === 'object' && body !== null);
    const request = body as Record<string, unknown>;
    assert.equal(request.model, manifest.model);
    assert.equal(request.stream, true);
    assert.deepEqual(request.stream_options, { include_usage: true });
    assert.deepEqual(request.messages, [
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: manifest.first_user_prompt },
    ]);
    const tools = request.tools as {
      type: string;
      function: { name: string; parameters: { type: string; properties: Record<string, unknown> } };
    }[];
    assert.equal(tools.length, 1);
    assert.equal(tools[0]?.type, 'function');
    assert.equal(tools[0]?.function.name, 'todo_write');
    assert.equal(tools[0]?.function.parameters.type, 'object');
    assert.ok('todos' in tools[0]!.function.parameters.properties);
    assert.equal(server.requests[0]?.url, '/v1/chat/completions');
    assert.equal(server.requests[0]?.headers.authorization, `Bearer ${API_KEY}`);
  });

  it('sent the assistant tool call (with its reasoning_content) and the tool result in the second request', () => {
    const request = server.requests[1]?.json as { messages: Record<string, unknown>[] };
    const call = manifest.steps[0]!.tool_calls[0]!;
    const result = eventsOf(run.events, 'tool/result')[0]!;
    assert.deepEqual(request.messages.slice(2), [
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }],
        reasoning_content: reasoningOf(steps[0]!),
      },
      { role: 'tool', tool_call_id: call.id, content: result.data.content },
    ]);
  });

  it('never writes the API key to the log', () => {
    assert.ok(!run.logText.includes(API_KEY));
  });
});
