// A tool registered at run time (the process's catalog, as the extension's
// registerTool puts it there) whose descriptor says it writes files is treated as the
// built-in file tools are, through the real loop, the machine's git and the scripted
// model: planning does not offer it, the loop takes a checkpoint before its call, its
// call counts as a write in the item's evidence, ACP shows it as an edit with its
// diff, and its row is that diff. A registered tool that says nothing of its effects
// keeps the cautious treatment: never offered while planning, no checkpoint, `other`.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { acpCallFields } from '../../../extension/src/core/acp-server/acp-tool-calls';
import { runTurn } from '../../../extension/src/core/agent/loop';
import type { ModelRequest } from '../../../extension/src/core/agent/provider';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { ShadowRepo } from '../../../extension/src/core/checkpoints/shadow-repo';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { presentToolCall } from '../../../extension/src/core/presenters/tool-call';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { Approvals } from '../../../extension/src/core/tools/approvals';
import { toolCatalog } from '../../../extension/src/core/tools/built-in';
import { defineTool } from '../../../extension/src/core/tools/descriptor';
import type { ToolFacts } from '../../../extension/src/core/session/tool-facts';
import { noteTool } from '../../fixtures/note-tool';
import { write } from '../support/scripted-turns';
import { tempDir, todo } from '../support/sessions';

const note = (file: string, text: string) => ({ name: 'note', arguments: { path: file, text } });

describe('a registered tool that writes files', () => {
  it('is left out of planning, gets a checkpoint before its call, and counts as a write', async () => {
    const dir = tempDir();
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(ws);
    const registration = toolCatalog.register(noteTool(ws));
    const set = buildToolRegistry({
      tools: ['todo_write', 'read_file', 'note'],
      cwd: ws,
      allowParallelInProgress: false,
      approvals: new Approvals({ gate: null, autoApprove: true }),
    });
    const opened = new SessionStore(path.join(dir, 'sessions')).create({ cwd: ws });
    const repo = ShadowRepo.of(path.join(dir, 'shadow'), ws);
    const requests: ModelRequest[] = [];
    const inner = new ScriptedProvider({
      responses: [
        { toolCalls: [note('early.txt', 'no')] },
        write([todo('write the note', 'in_progress')]),
        { text: 'Plan: write the note.' },
        { toolCalls: [note('notes/a.txt', 'one\n')] },
        write([todo('write the note', 'completed')]),
        { text: 'Done.' },
      ],
    });
    try {
      const end = await runTurn(opened.session, 'note it', {
        provider: {
          id: inner.id,
          model: inner.model,
          stream: (req, signal) => (requests.push(req), inner.stream(req, signal)),
        },
        tools: set.registry,
        maxSteps: 10,
        planFirst: { decide: async () => ({ kind: 'approve' }) },
        checkpoints: { checkpoint: () => repo.checkpoint() },
      });
      assert.deepEqual(end, { kind: 'completed' });
      const events = opened.session.events;

      assert.deepEqual(
        requests.map((r) => r.tools.map((t) => t.name).sort()),
        [
          ['read_file', 'todo_write'],
          ['read_file', 'todo_write'],
          ['read_file', 'todo_write'],
          ['note', 'read_file', 'todo_write'],
          ['note', 'read_file', 'todo_write'],
          ['note', 'read_file', 'todo_write'],
        ],
        'planning offers the read-only tools; the approved plan opens the note tool',
      );
      const results = events.flatMap((e) => (e.type === 'tool/result' ? [e.data.content] : []));
      assert.match(results[0] ?? '', /^Error: note is not available while planning: investigate with read_file, /);
      assert.equal(fs.existsSync(path.join(ws, 'early.txt')), false);
      assert.equal(fs.readFileSync(path.join(ws, 'notes/a.txt'), 'utf8'), 'one\n');

      const order = events
        .filter((e) => e.type === 'checkpoint/created' || e.type === 'tool/call')
        .map((e) => (e.type === 'tool/call' ? e.data.name : 'checkpoint'));
      assert.deepEqual(order, ['note', 'todo_write', 'checkpoint', 'note', 'todo_write', 'checkpoint']);

      const evidence = SessionFolds.over(events, { transcript: null }).ledger.timings.get('write the note')?.evidence;
      assert.deepEqual(evidence?.tools, { read: 0, write: 1, command: 0, other: 0, shared: 0 });
    } finally {
      set.owned.dispose();
      opened.dispose();
      registration.dispose();
    }
  });

  it('ACP shows it as an edit with its diff, and its row is that diff', () => {
    const registration = toolCatalog.register(noteTool('/ws'));
    try {
      const call = { name: 'note', arguments: JSON.stringify({ path: 'n.txt', text: 'hi\n' }) };
      const fields = acpCallFields(call, '/ws');
      assert.equal(fields.kind, 'edit');
      assert.deepEqual(fields.content, [{ type: 'diff', path: '/ws/n.txt', oldText: null, newText: 'hi\n' }]);
      const row = presentToolCall({
        ...call,
        args: JSON.parse(call.arguments),
        result: null,
        todos: null,
        child: null,
      });
      assert.deepEqual(row, {
        summary: 'n.txt',
        view: { kind: 'diff', path: 'n.txt', lines: [{ kind: 'add', text: 'hi' }], omitted: 0, result: null },
      });
    } finally {
      registration.dispose();
    }
  });

  it('a descriptor that says nothing of its effects is never offered while planning, takes no checkpoint and counts as other', () => {
    const silent = defineTool({
      name: 'silent',
      description: 'Says nothing of what it does.',
      args: z.object({}),
      approval: null,
      run: async () => ({ isError: false, content: 'ok' }),
    });
    const reader = defineTool({
      name: 'peek',
      description: 'Reads.',
      args: z.object({}),
      approval: null,
      effects: ['reads'],
      run: async () => ({ isError: false, content: 'ok' }),
    });
    const facts = (d: ToolFacts) => [d.planning, d.checkpoint, d.evidence, d.acpKind];
    assert.deepEqual(facts(silent), [false, 'none', 'other', 'other']);
    assert.deepEqual(facts(reader), [true, 'none', 'read', 'read']);
    assert.deepEqual(facts(noteTool('/ws')), [false, 'before-call', 'write', 'edit']);
  });
});
