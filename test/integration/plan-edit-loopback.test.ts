// The model is told of a user's plan edit made in the extension, once: the `openai`
// provider in the real extension host talks to an OpenAI-compatible server on
// 127.0.0.1 whose answers are scripted (the model edge); the test edits the plan from
// the Plan tree while a step runs (the request is held open) and between turns, and
// reads what each following request carried.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { userEditNote } from '../../extension/src/core/plan/user-edit';
import { getApi, logLines, setSetting, waitFor, type Todo } from './helpers';
import { LoopbackModel, messageText, type ModelRequest } from './loopback-model';

const KEY = 'sk-loopback-plan-edit-0123456789';

/** The user-role texts of a request that tell of a user edit. */
function notes(request: ModelRequest): string[] {
  return request.messages.flatMap((m) => {
    if (m.role !== 'user') return [];
    const text = messageText(m.content);
    return text.includes('The user edited your todo list.') ? [text] : [];
  });
}

const PLAN: Todo[] = [
  { content: 'Read the parser', status: 'in_progress' },
  { content: 'Port the lexer', status: 'pending' },
];

describe('a plan edit made in the extension, told to a loopback OpenAI-compatible model', () => {
  it('reaches the next request once, and only once: an edit while a step runs, and one between turns', async () => {
    const model = new LoopbackModel(
      [
        { todos: PLAN },
        { todos: PLAN },
        { text: 'Noted.' },
        {
          todos: [
            { content: 'Read the parser', status: 'completed' },
            { content: 'Port the lexer', status: 'completed' },
          ],
        },
        { text: 'Done.' },
      ],
      2,
    );
    const api = await getApi();
    const node = (label: string): unknown =>
      api.planTreeNode(api.planTreeRows().find((r) => r.label === label)?.id ?? '');
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
      const between = await vscode.commands.executeCommand(
        'agentChecklist.plan.markInProgress',
        node('Port the lexer'),
      );
      assert.equal(z.object({ kind: z.string() }).parse(between).kind, 'applied');
      const second = userEditNote([
        { content: 'Read the parser', status: 'completed' },
        { content: 'Port the lexer', status: 'in_progress' },
      ]);
      assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Go on'), {
        kind: 'completed',
      });

      assert.equal(model.requests.length, 5);
      assert.deepEqual(
        model.requests.map(notes),
        [[], [], [first], [first, second], [first, second]],
        'each edit is told once, at the first request after it, and never repeated',
      );
      const lastMessages = model.requests[2]?.messages ?? [];
      assert.equal(
        lastMessages.at(-1)?.role,
        'user',
        'in the turn, the note is the last message of the request after the edit',
      );
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
