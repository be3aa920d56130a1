// Subagents through the real loop, the real store and the scripted model: the
// child's own log linked to the parent's call, one provider queue in request order,
// single-owner plans, the depth limit, errors, and Stop reaching a child's command.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { ModelProvider, ModelRequest, StreamPart } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider, type ScriptedResponse } from '../../../extension/src/core/agent/providers/scripted';
import type { SubagentLink } from '../../../extension/src/core/agent/subagent-run';
import type { SubagentOutcome } from '../../../extension/src/core/domain-literals';
import { buildToolRegistry, type ToolSetOptions } from '../../../extension/src/core/agent/tool-set';
import { subagentRunner } from '../../../extension/src/core/agent/subagent-runner';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { todo } from '../support/sessions';
import { autoApprovals, pidsOf, tempWorkspace, waitFor } from './support';
import { foldStandingPlan } from '../support/plan-folds';
import { EMPTY_FINAL_TEXT, SUBAGENT_NO_OWNER_MESSAGE } from '../support/tool-texts';

/** The scripted model, recording which session asked what (at the model edge only). */
class RecordingProvider implements ModelProvider {
  readonly id = 'scripted';
  readonly model = 'scripted';
  readonly requests: ModelRequest[] = [];
  readonly inner: ScriptedProvider;
  constructor(responses: ScriptedResponse[]) {
    this.inner = new ScriptedProvider({ responses });
  }
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<StreamPart> {
    this.requests.push(request);
    return this.inner.stream(request, signal);
  }
}

const call = (id: string, name: string, args: unknown): ScriptedResponse => ({
  toolCalls: [{ id, name, arguments: args }],
});
const byType = <T extends SessionEvent['type']>(events: readonly SessionEvent[], type: T) =>
  events.filter((e): e is Extract<SessionEvent, { type: T }> => e.type === type);

function setup(responses: ScriptedResponse[], tools: string[], extra: Partial<ToolSetOptions> = {}) {
  const ws = tempWorkspace();
  const store = new SessionStore(path.join(path.dirname(ws.root), 'sessions'));
  const provider = new RecordingProvider(responses);
  const links: { event: 'start' | 'end'; link: SubagentLink; outcome?: SubagentOutcome }[] = [];
  const toolSet = buildToolRegistry({
    tools,
    allowParallelInProgress: false,
    cwd: ws.root,
    approvals: autoApprovals(),
    trusted: true,
    subagents: subagentRunner({
      provider,
      sessions: store,
      maxSteps: 10,
      cwd: ws.root,
      observer: {
        onStart: (_child, link) => links.push({ event: 'start', link }),
        onEnd: (_child, link, outcome) => links.push({ event: 'end', link, outcome }),
      },
    }),
    ...extra,
  });
  const parent = store.create({ cwd: ws.root });
  const run = (prompt: string, signal?: AbortSignal) =>
    runTurn(parent.session, prompt, { provider, tools: toolSet.registry, maxSteps: 10, ...(signal ? { signal } : {}) });
  const childLog = (id: string) => loadLogFile(store.pathOf(id));
  const dispose = () => {
    toolSet.owned.dispose();
    parent.dispose();
  };
  return { ws, store, provider, parent, run, childLog, links, dispose };
}

describe('subagent', () => {
  it('runs a child session in its own linked log; the parent gets its final text; each plan stays with its owner', async () => {
    const parentPlan = [todo('delegate the survey', 'in_progress'), todo('write the summary')];
    const t = setup(
      [
        call('p1', 'todo_write', { todos: parentPlan }),
        call('sub1', 'subagent', { description: 'Survey the code', prompt: 'List what is in the repo.' }),
        call('c1', 'todo_write', { todos: [todo('look around', 'in_progress'), todo('report')] }),
        call('c2', 'todo_write', { todos: [todo('look around', 'completed'), todo('report', 'completed')] }),
        { text: 'The repo holds a README.' },
        { text: 'All done.' },
      ],
      ['todo_write', 'subagent'],
    );
    try {
      assert.deepEqual(await t.run('survey it'), { kind: 'completed' });
      const parentEvents = t.parent.session.events;
      const [start] = byType(parentEvents, 'subagent/start');
      assert.ok(start);
      const childId = start.data.childSessionId;
      assert.deepEqual(start.data, { callId: 'sub1', childSessionId: childId, description: 'Survey the code' });
      assert.deepEqual(
        byType(parentEvents, 'subagent/end').map((e) => e.data),
        [{ callId: 'sub1', childSessionId: childId, outcome: 'completed' }],
      );
      const result = byType(parentEvents, 'tool/result').find((e) => e.data.callId === 'sub1');
      assert.deepEqual(result?.data.content, 'The repo holds a README.');
      assert.equal(result?.data.isError, false);

      // Single owner: the child's writes never reach the parent's log or its standing plan.
      assert.equal(byType(parentEvents, 'todo/write').length, 1);
      assert.deepEqual(foldStandingPlan(parentEvents), parentPlan);
      const parentOnDisk = loadLogFile(t.parent.path);
      assert.deepEqual(foldStandingPlan(parentOnDisk.events), parentPlan);
      const child = t.childLog(childId);
      assert.deepEqual(child.header.parent, { sessionId: t.parent.session.id, callId: 'sub1' });
      assert.equal(child.header.title, 'Survey the code');
      assert.equal(child.header.cwd, t.ws.root);
      assert.deepEqual(foldStandingPlan(child.events), [todo('look around', 'completed'), todo('report', 'completed')]);
      assert.deepEqual(
        byType(child.events, 'turn/end').map((e) => e.data.reason),
        [{ kind: 'completed' }],
      );

      // One provider queue, in request order, each request naming the session that asked.
      assert.equal(t.provider.inner.consumed, 6);
      const parentId = t.parent.session.id;
      assert.deepEqual(
        t.provider.requests.map((r) => r.sessionId),
        [parentId, parentId, childId, childId, childId, parentId],
      );
      assert.deepEqual(
        byType(child.events, 'user/message').map((e) => e.data.message.text),
        ['List what is in the repo.'],
      );

      assert.deepEqual(
        t.links.map((l) => [l.event, l.link.childSessionId, l.link.depth, l.outcome]),
        [
          ['start', childId, 1, undefined],
          ['end', childId, 1, 'completed'],
        ],
      );
      assert.equal(t.links[0]!.link.logPath, t.store.pathOf(childId));
    } finally {
      t.dispose();
    }
  });

  it('gives children the same tools minus subagent from depth 2: a grandchild cannot nest further', async () => {
    const t = setup(
      [
        call('s1', 'subagent', { description: 'child', prompt: 'go deeper' }),
        call('s2', 'subagent', { description: 'grandchild', prompt: 'deepest' }),
        { text: 'grandchild answer' },
        { text: 'child answer' },
        { text: 'root answer' },
      ],
      ['todo_write', 'subagent', 'read_file'],
    );
    try {
      assert.deepEqual(await t.run('nest'), { kind: 'completed' });
      const toolNames = t.provider.requests.map((r) => r.tools.map((s) => s.name).sort());
      assert.deepEqual(toolNames, [
        ['read_file', 'subagent', 'todo_write'],
        ['read_file', 'subagent', 'todo_write'],
        ['read_file', 'todo_write'],
        ['read_file', 'subagent', 'todo_write'],
        ['read_file', 'subagent', 'todo_write'],
      ]);
      const childId = byType(t.parent.session.events, 'subagent/start')[0]!.data.childSessionId;
      const child = t.childLog(childId);
      const grandchildId = byType(child.events, 'subagent/start')[0]!.data.childSessionId;
      const grandchild = t.childLog(grandchildId);
      assert.deepEqual(grandchild.header.parent, { sessionId: childId, callId: 's2' });
      assert.equal(byType(child.events, 'tool/result')[0]!.data.content, 'grandchild answer');
      assert.equal(byType(t.parent.session.events, 'tool/result')[0]!.data.content, 'child answer');
      assert.deepEqual(
        t.links.map((l) => [l.event, l.link.depth]),
        [
          ['start', 1],
          ['start', 2],
          ['end', 2],
          ['end', 1],
        ],
      );
    } finally {
      t.dispose();
    }
  });

  it('reports a child that stopped on an error as an error result, and the parent goes on', async () => {
    const t = setup(
      [
        call('s1', 'subagent', { description: 'fails', prompt: 'x' }),
        { text: 'thinking', error: { message: 'model exploded' } },
        { text: 'Parent recovers.' },
      ],
      ['subagent'],
    );
    try {
      assert.deepEqual(await t.run('try'), { kind: 'completed' });
      const result = byType(t.parent.session.events, 'tool/result')[0]!.data;
      assert.deepEqual(
        { isError: result.isError, content: result.content },
        { isError: true, content: 'Error: the subagent stopped on an error: model exploded' },
      );
      assert.equal(byType(t.parent.session.events, 'subagent/end')[0]!.data.outcome, 'error');
      const child = t.childLog(byType(t.parent.session.events, 'subagent/start')[0]!.data.childSessionId);
      assert.deepEqual(byType(child.events, 'turn/end')[0]!.data.reason, { kind: 'error', message: 'model exploded' });
    } finally {
      t.dispose();
    }
  });

  it('a child with no final text says so', async () => {
    const t = setup(
      [call('s1', 'subagent', { description: 'quiet', prompt: 'x' }), { reasoning: 'nothing to say' }, { text: 'ok' }],
      ['subagent'],
    );
    try {
      await t.run('go');
      assert.equal(byType(t.parent.session.events, 'tool/result')[0]!.data.content, EMPTY_FINAL_TEXT);
    } finally {
      t.dispose();
    }
  });

  it('refuses a call with no owning agent session, creating no child', async () => {
    const t = setup([], ['subagent']);
    try {
      let created = 0;
      const sessions = { create: (opts: Parameters<SessionStore['create']>[0]) => (created++, t.store.create(opts)) };
      const registry = buildToolRegistry({
        tools: ['subagent'],
        subagents: subagentRunner({ provider: t.provider, sessions, maxSteps: 3 }),
      }).registry;
      const out = await registry.execute('subagent', JSON.stringify({ description: 'x', prompt: 'y' }), {
        signal: new AbortController().signal,
        callId: 'c',
      });
      assert.deepEqual(out, { isError: true, content: `Error: ${SUBAGENT_NO_OWNER_MESSAGE}` });
      assert.equal(created, 0);
      assert.equal(t.provider.requests.length, 0);
    } finally {
      t.dispose();
    }
  });

  it('Stop reaches a command running in a child: the process group dies, both turns end aborted, both logs load', async () => {
    const controller = new AbortController();
    const t = setup(
      [
        call('s1', 'subagent', { description: 'long job', prompt: 'run it' }),
        call('b1', 'bash', { command: 'sleep 30.12 & echo $! > sleeper.pid; wait' }),
        { text: 'never reached' },
      ],
      ['subagent', 'bash'],
    );
    try {
      const pidFile = path.join(t.ws.root, 'sleeper.pid');
      const turn = t.run('go', controller.signal);
      await waitFor(
        () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n'),
        'the child command to start',
      );
      await waitFor(() => pidsOf('sleep 30.12').length > 0, 'the sleep to show');
      controller.abort();
      assert.deepEqual(await turn, { kind: 'aborted' });
      await waitFor(() => pidsOf('sleep 30.12').length === 0, 'the sleep to die');
      const parentLog = loadLogFile(t.parent.path);
      assert.deepEqual(
        byType(parentLog.events, 'subagent/end').map((e) => e.data.outcome),
        ['aborted'],
      );
      assert.match(
        byType(parentLog.events, 'tool/result')[0]!.data.content,
        /^Error: the subagent was stopped by the user before it finished\./,
      );
      const child = t.childLog(byType(parentLog.events, 'subagent/start')[0]!.data.childSessionId);
      assert.deepEqual(byType(child.events, 'turn/end')[0]!.data.reason, { kind: 'aborted' });
      assert.match(
        byType(child.events, 'tool/result')[0]!.data.content,
        /\[stopped by the user: the command and its process group were killed\]$/,
      );
      assert.equal(t.provider.inner.consumed, 2);
    } finally {
      t.dispose();
    }
  });
});
