// The model is told of a user's plan edit made in the extension, once: the `openai`
// provider in the real extension host talks to an OpenAI-compatible server on
// 127.0.0.1 whose answers are scripted (the model edge); the test edits the plan from
// the Plan tree while a step runs (the request is held open) and between turns, and
// reads what each following request carried.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { userEditNote } from '../../extension/src/core/plan/user-edit';
import { getApi, logLines, setSetting, waitFor, type Todo } from './helpers';

const KEY = 'sk-loopback-plan-edit-0123456789';

type Answer = { todos: Todo[] } | { text: string };

const requestSchema = z.object({ messages: z.array(z.object({ role: z.string(), content: z.optional(z.union([z.string(), z.null(), z.array(z.object({ text: z.optional(z.string()) }))])) })) });

/** A chat-completions server that streams `answers` in order; answer `holdAt` waits for `release()`. */
class LoopbackModel {
  readonly requests: z.infer<typeof requestSchema>[] = [];
  private readonly server: http.Server;
  private releaseHeld: () => void = () => undefined;
  private readonly held: Promise<void>;

  constructor(
    private readonly answers: Answer[],
    private readonly holdAt: number,
  ) {
    this.held = new Promise((resolve) => (this.releaseHeld = resolve));
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => void this.answer(body, res));
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  release(): void {
    this.releaseHeld();
  }

  close(): void {
    this.release();
    this.server.closeAllConnections();
    this.server.close();
  }

  private async answer(body: string, res: http.ServerResponse): Promise<void> {
    this.requests.push(requestSchema.parse(JSON.parse(body)));
    const n = this.requests.length;
    if (n === this.holdAt) await this.held;
    const answer = this.answers[n - 1];
    if (!answer) {
      res.writeHead(500).end('{"error":{"message":"no more scripted answers"}}');
      return;
    }
    const chunk = (delta: unknown, finish: string | null = null): unknown => ({ id: `c${n}`, object: 'chat.completion.chunk', created: 1, model: 'loopback', choices: [{ index: 0, delta, finish_reason: finish }] });
    const chunks =
      'text' in answer
        ? [chunk({ role: 'assistant', content: answer.text }), chunk({}, 'stop')]
        : [chunk({ role: 'assistant', content: '' }), chunk({ tool_calls: [{ index: 0, id: `call_${n}`, type: 'function', function: { name: 'todo_write', arguments: JSON.stringify({ todos: answer.todos }) } }] }), chunk({}, 'tool_calls')];
    res.writeHead(200, { 'Content-Type': 'text/event-stream' }).end(chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n');
  }
}

/** The user-role texts of a request that tell of a user edit. */
function notes(request: z.infer<typeof requestSchema>): string[] {
  return request.messages.flatMap((m) => {
    if (m.role !== 'user') return [];
    const text = typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text ?? '').join('');
    return text.includes('The user edited your todo list.') ? [text] : [];
  });
}

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'in_progress' },
  { content: 'Port the lexer', status: 'pending' },
];

describe('a plan edit made in the extension, told to a loopback OpenAI-compatible model', () => {
  it('reaches the next request once, and only once: an edit while a step runs, and one between turns', async () => {
    const model = new LoopbackModel([{ todos: PLAN }, { todos: PLAN }, { text: 'Noted.' }, { todos: [{ content: 'Read the parser', status: 'completed' }, { content: 'Port the lexer', status: 'completed' }] }, { text: 'Done.' }], 2);
    const api = await getApi();
    const node = (label: string): unknown => api.planTreeNode(api.planTreeRows().find((r) => r.label === label)?.id ?? '');
    try {
      await api.storeApiKey('openai', KEY);
      await setSetting('openai.baseUrl', await model.listen());
      await setSetting('openai.model', 'loopback-model');
      await setSetting('provider', 'openai');
      await vscode.commands.executeCommand('agentChecklist.newSession');
      const turn = vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Port the parser');
      await waitFor(() => model.requests.length === 2, 'the second request (held open: its step runs)');
      const edit = vscode.commands.executeCommand('agentChecklist.plan.markCompleted', node('Read the parser'));
      await new Promise((resolve) => setTimeout(resolve, 150));
      const logPath = api.session()?.logPath ?? '';
      assert.ok(!logLines(logPath).some((l) => l.type === 'todo/user-edit'), 'queued while the step is open');
      model.release();
      assert.equal(z.object({ kind: z.string() }).parse(await edit).kind, 'applied');
      assert.deepEqual(await turn, { kind: 'completed' });
      const first = userEditNote([
        { content: 'Read the parser', status: 'completed' },
        { content: 'Port the lexer', status: 'pending' },
      ]);

      // Between turns: appended at once; the next turn's request carries it.
      const between = await vscode.commands.executeCommand('agentChecklist.plan.markInProgress', node('Port the lexer'));
      assert.equal(z.object({ kind: z.string() }).parse(between).kind, 'applied');
      const second = userEditNote([
        { content: 'Read the parser', status: 'completed' },
        { content: 'Port the lexer', status: 'in_progress' },
      ]);
      assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on'), { kind: 'completed' });

      assert.equal(model.requests.length, 5);
      assert.deepEqual(
        model.requests.map(notes),
        [[], [], [first], [first, second], [first, second]],
        'each edit is told once, at the first request after it, and never repeated',
      );
      const lastMessages = model.requests[2]?.messages ?? [];
      assert.equal(lastMessages.at(-1)?.role, 'user', 'in the turn, the note is the last message of the request after the edit');
      assert.equal(api.statusBarText(), '$(checklist) 2/2', 'the model went on from the edited list');
    } finally {
      model.close();
      await setSetting('provider', undefined);
      await setSetting('openai.baseUrl', undefined);
      await setSetting('openai.model', undefined);
      await api.storeApiKey('openai', '');
    }
  });
});
