// Real turns through the real loop with the scripted model, written by the real store.
import { runTurn } from '../../../extension/src/core/agent/loop';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { SessionStore, type WritableSession } from '../../../extension/src/core/store/session-store';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import type { TurnEndReason } from '../../../extension/src/core/session/events';

export const write = (todos: TodoItem[], id?: string): ScriptedResponse => ({
  toolCalls: [{ ...(id ? { id } : {}), name: 'todo_write', arguments: { todos } }],
});

export async function runScripted(
  opened: WritableSession,
  prompt: string,
  responses: ScriptedResponse[],
  options: {
    allowParallelInProgress?: boolean;
    maxSteps?: number;
    signal?: AbortSignal;
    verifyCompletion?: boolean;
  } = {},
): Promise<TurnEndReason> {
  const { registry, owned } = buildToolRegistry({
    tools: ['todo_write'],
    allowParallelInProgress: options.allowParallelInProgress ?? true,
  });
  try {
    return await runTurn(opened.session, prompt, {
      provider: new ScriptedProvider({ responses }),
      tools: registry,
      maxSteps: options.maxSteps ?? 10,
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.verifyCompletion === undefined ? {} : { verifyCompletion: options.verifyCompletion }),
    });
  } finally {
    owned.dispose();
  }
}

/** A stored session of one finished turn with two todo/writes (and no note on its flagged items: the crash tests count its last lines); returns its log path. */
export async function finishedTurnWithTwoWrites(dir: string): Promise<{ path: string; id: string }> {
  const store = new SessionStore(dir);
  const opened = store.create({ id: 'crash-subject' });
  try {
    await runScripted(
      opened,
      'fix the bug',
      [
        {
          reasoning: 'Plan first.',
          ...write([
            { content: 'read the code', status: 'in_progress' },
            { content: 'watch the build', status: 'in_progress' },
            { content: 'write the fix', status: 'pending' },
          ]),
        },
        {
          text: 'Both done; fixing.',
          ...write([
            { content: 'read the code', status: 'completed' },
            { content: 'watch the build', status: 'completed' },
            { content: 'write the fix', status: 'in_progress' },
          ]),
        },
        { text: 'Done: the fix is written.' },
      ],
      { verifyCompletion: false },
    );
  } finally {
    opened.dispose();
  }
  return { path: opened.path, id: opened.session.id };
}
