// The readers on files the real agents wrote (test/fixtures/agent-files, see its
// README), and on lines they do not understand.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { promptTitle, type AgentMark } from '../../../extension/src/core/import/agent-plan';
import { fitTodos } from '../../../extension/src/core/plan/fit-todos';
import { readAgentFile } from '../../../extension/src/core/import/read-agent-file';
import { readerFor } from '../../../extension/src/core/import/agent-file-tail';
import { tempDir } from '../support/sessions';
import { agentLine, jsonLines } from './agent-lines';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');
const fixture = (name: string) => path.join(FIXTURES, name);
const plans = (marks: AgentMark[]) => marks.flatMap((m) => (m.kind === 'plan' ? [m.todos] : []));
const kinds = (marks: AgentMark[]) => marks.map((m) => m.kind);
const plan = (...items: [string, string][]) => items.map(([content, status]) => ({ content, status }));
/** The plans of the recorded TodoWrite and update_plan runs: two writes, then one after the resume. */
const THREE_VERSIONS = [
  plan(['Read the code', 'in_progress'], ['Fix the bug', 'pending']),
  plan(['Read the code', 'completed'], ['Fix the bug', 'in_progress']),
  plan(['Read the code', 'completed'], ['Fix the bug', 'completed']),
];

describe('agent file readers', () => {
  it('Claude Code TodoWrite, resumed: one plan per successful write, a turn per prompt', () => {
    const file = readAgentFile(fixture('claude-todowrite-resumed.jsonl'));
    assert.equal(file.info.agent, 'claude-code');
    assert.equal(file.info.version, '2.1.328');
    assert.match(file.info.sessionId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal(file.skipped, 0);
    assert.deepEqual(plans(file.marks), THREE_VERSIONS);
    assert.deepEqual(kinds(file.marks), ['turn-start', 'plan', 'plan', 'turn-end', 'turn-start', 'plan', 'turn-end']);
  });

  it('Claude Code Tasks: TaskCreate adds, TaskUpdate changes, deleted removes, TaskList writes nothing', () => {
    const file = readAgentFile(fixture('claude-tasks.jsonl'));
    assert.deepEqual(plans(file.marks), [
      plan(['Read the code', 'pending']),
      plan(['Read the code', 'pending'], ['Fix the bug', 'pending']),
      plan(['Read the code', 'in_progress'], ['Fix the bug', 'pending']),
      plan(['Read the code', 'completed'], ['Fix the bug', 'pending']),
      plan(['Read the code', 'completed']),
    ]);
  });

  it('Codex update_plan, resumed: one plan per call, a turn per task_started / task_complete', () => {
    const file = readAgentFile(fixture('codex-update-plan-resumed.jsonl'));
    assert.equal(file.info.agent, 'codex');
    assert.equal(file.info.version, '0.169.0');
    assert.equal(file.info.cwd !== undefined, true);
    assert.equal(file.skipped, 0);
    assert.deepEqual(plans(file.marks), THREE_VERSIONS);
    assert.deepEqual(kinds(file.marks), ['turn-start', 'plan', 'plan', 'turn-end', 'turn-start', 'plan', 'turn-end']);
  });

  it('reads line by line: the marks of a file read in two parts are those of the whole (what a follower of a growing file needs)', () => {
    for (const name of ['claude-todowrite-resumed.jsonl', 'claude-tasks.jsonl', 'codex-update-plan-resumed.jsonl']) {
      const whole = readAgentFile(fixture(name)).marks;
      const lines = jsonLines(fixture(name));
      const reader = readerFor(lines[0]) ?? readerFor(lines[2]);
      assert.ok(reader, name);
      const half = Math.floor(lines.length / 2);
      const first = lines.slice(0, half).flatMap((l) => reader.readLine(l));
      assert.deepEqual(whole.slice(0, first.length), first, name);
      assert.deepEqual([...first, ...lines.slice(half).flatMap((l) => reader.readLine(l))], whole, name);
    }
  });

  it("titles the session with its first prompt (Codex: the user's words, not its environment block)", () => {
    for (const name of ['claude-todowrite-resumed.jsonl', 'claude-tasks.jsonl', 'codex-update-plan-resumed.jsonl']) {
      assert.equal(readAgentFile(fixture(name)).info.title, 'fix the bug', name);
    }
    // A slash command the adapter runs first (claude-agent-acp's /model) does not title the session.
    const lines = fs.readFileSync(fixture('claude-todowrite-resumed.jsonl'), 'utf8').split('\n').filter(Boolean);
    const userAt = lines.findIndex((l) => l.includes('"type":"user"'));
    const userLine: unknown = JSON.parse(lines[userAt]!);
    assert.ok(typeof userLine === 'object' && userLine !== null);
    const command = JSON.stringify({
      ...userLine,
      message: { role: 'user', content: '<command-name>/model</command-name>\n<command-args>default</command-args>' },
    });
    const reader = readerFor(agentLine(lines[0]!)) ?? readerFor(agentLine(lines[2]!));
    assert.ok(reader);
    for (const line of [...lines.slice(0, userAt), command, ...lines.slice(userAt)]) reader.readLine(agentLine(line));
    assert.equal(reader.info.title, 'fix the bug');
    assert.equal(promptTitle('\n  \n  first line  \nsecond'), 'first line');
    assert.equal(promptTitle('x'.repeat(100)), 'x'.repeat(80));
    assert.equal(promptTitle('  \n '), undefined);
  });

  it('tells the agent by content, not by the file name', () => {
    const dir = tempDir('import-detect-');
    const disguised = path.join(dir, '0b7c1b0e-0000-4000-8000-000000000000.jsonl');
    fs.copyFileSync(fixture('codex-update-plan-resumed.jsonl'), disguised);
    assert.equal(readAgentFile(disguised).info.agent, 'codex');
  });

  it('skips and counts lines it does not understand, never failing on them', () => {
    const dir = tempDir('import-junk-');
    const file = path.join(dir, 'rollout.jsonl');
    const lines = fs.readFileSync(fixture('codex-update-plan-resumed.jsonl'), 'utf8').split('\n').filter(Boolean);
    const badPlan = {
      timestamp: '2026-12-02T22:00:00.000Z',
      type: 'response_item',
      payload: {
        type: 'function_call',
        name: 'update_plan',
        arguments: '{"plan":[{"step":"x","status":"done"}]}',
        call_id: 'c',
      },
    };
    const junk = [
      'not json at all',
      JSON.stringify({ type: 'event_msg', payload: 'no object' }),
      JSON.stringify(badPlan),
      '{"torn":',
    ];
    fs.writeFileSync(file, [lines[0], ...junk.slice(0, 3), ...lines.slice(1)].join('\n') + '\n' + junk[3]);
    const read = readAgentFile(file);
    assert.equal(read.skipped, 4);
    assert.equal(plans(read.marks).length, 3);
  });

  it('Claude Code: a compaction summary, a meta note and a failed write are not a turn or a plan', () => {
    const dir = tempDir('import-claude-lines-');
    const file = path.join(dir, 'transcript.jsonl');
    const line = (o: object) =>
      JSON.stringify({ sessionId: 's-1', version: '2.1.328', cwd: '/w', timestamp: '2026-12-02T22:00:00.000Z', ...o });
    const todoWrite = (id: string) =>
      line({
        type: 'assistant',
        message: {
          content: [
            {
              type: 'tool_use',
              id,
              name: 'TodoWrite',
              input: { todos: [{ content: 'A', status: 'pending', activeForm: 'A' }] },
            },
          ],
          stop_reason: 'tool_use',
        },
      });
    const result = (id: string, isError: boolean) =>
      line({
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: id, content: 'x', is_error: isError }] },
      });
    fs.writeFileSync(
      file,
      [
        line({ type: 'user', message: { content: 'go' } }),
        todoWrite('t1'),
        result('t1', true),
        line({ type: 'user', isCompactSummary: true, message: { content: 'This session is being continued...' } }),
        line({ type: 'user', isMeta: true, message: { content: 'caveat' } }),
        todoWrite('t2'),
        result('t2', false),
      ].join('\n') + '\n',
    );
    const read = readAgentFile(file);
    assert.deepEqual(kinds(read.marks), ['turn-start', 'plan']);
    assert.deepEqual(plans(read.marks), [plan(['A', 'pending'])]);
  });

  it('fits an agent list to our plan: trimmed, empty items left out, repeated texts numbered', () => {
    assert.deepEqual(
      fitTodos([
        { content: '  Build ', status: 'pending' },
        { content: '   ', status: 'pending' },
        { content: 'Build', status: 'completed' },
        { content: 'Build', status: 'in_progress' },
      ]).todos,
      plan(['Build', 'pending'], ['Build (2)', 'completed'], ['Build (3)', 'in_progress']),
    );
  });
});
