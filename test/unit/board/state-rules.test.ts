// The board's state rules, each state from a real log that produces it, read back by
// the card reader (core/board/session-card.ts) from the log's end; and the card order.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { describe, it } from 'node:test';
import { AcpTurnLog } from '../../../extension/src/core/acp-client/acp-turn-log';
import { orderCards, type BoardCard } from '../../../extension/src/core/board/board-card';
import { readSessionCard } from '../../../extension/src/core/board/session-card';
import { toolCatalog } from '../../../extension/src/core/tools/built-in';
import { tempDir } from '../support/sessions';
import { STATE_LOGS, T0, writeGarbage, writeLog } from './board-logs';

const options = (nowMs: number) => ({
  nowMs,
  stallMinutes: 10,
  asksApproval: (tool: string) => toolCatalog.get(tool)?.asksApproval ?? false,
});

function card(file: string, nowMs = T0 + 60_000): BoardCard {
  const read = readSessionCard(file, options(nowMs));
  assert.ok(read !== null);
  return read;
}

describe('board card states', () => {
  for (const [state, body] of Object.entries(STATE_LOGS)) {
    it(`${state}: from a log that produces it`, () => {
      const file = writeLog(tempDir(), `s-${state}`, body);
      assert.equal(card(file).state, state);
    });
  }

  it('waiting: an ACP agent’s permission request waits (its call is no tool of ours); running once decided', () => {
    let log: AcpTurnLog | undefined;
    const acp = { kind: 'acp', name: 'claude-code-acp', version: '1.0.0' } as const;
    const file = writeLog(
      tempDir(),
      's-acp',
      (s) => {
        log = new AcpTurnLog(s, { provider: 'acp', model: 'claude-code-acp' });
        log.start('Edit the parser');
        log.update({ sessionUpdate: 'plan', entries: [{ content: 'Edit', status: 'in_progress', priority: 'high' }] });
        log.update({ sessionUpdate: 'tool_call', toolCallId: 'e1', title: 'Edit parser.ts', status: 'pending' });
        log.asked({ toolCallId: 'e1' });
      },
      { source: acp },
    );
    assert.equal(card(file).state, 'waiting');
    const running = writeLog(
      tempDir(),
      's-acp2',
      (s) => {
        log = new AcpTurnLog(s, { provider: 'acp', model: 'claude-code-acp' });
        log.start('Edit the parser');
        log.update({ sessionUpdate: 'plan', entries: [{ content: 'Edit', status: 'in_progress', priority: 'high' }] });
        log.update({ sessionUpdate: 'tool_call', toolCallId: 'e1', title: 'Edit parser.ts', status: 'pending' });
        log.asked({ toolCallId: 'e1' });
        log.decided('e1', { decision: 'approve', by: 'user' });
      },
      { source: acp },
    );
    assert.equal(card(running).state, 'running');
  });

  it('stalled: an item in progress and the log silent for stallMinutes', () => {
    const file = writeLog(tempDir(), 's-stalled', STATE_LOGS.running);
    assert.equal(card(file, T0 + 9 * 60_000).state, 'running');
    assert.equal(card(file, T0 + 11 * 60_000).state, 'stalled');
  });

  it('a waiting proposal counts its items, none completed; the title is the first prompt', () => {
    const read = card(writeLog(tempDir(), 's-p', STATE_LOGS['needs-approval']));
    assert.deepEqual([read.completed, read.total, read.active, read.title], [0, 2, null, 'Plan the release']);
    assert.equal(read.agent, 'Agent Checklist');
    assert.equal(read.source, 'session');
  });

  it('counts, the item in progress and the last change (the latest event)', () => {
    const read = card(writeLog(tempDir(), 's-r', STATE_LOGS.running));
    assert.deepEqual([read.completed, read.total, read.active], [0, 2, 'Build']);
    assert.equal(read.updatedAt, new Date(T0 + 2000).toISOString());
  });

  it("an MCP session's agent is its client's name", () => {
    const file = writeLog(tempDir(), 's-mcp', STATE_LOGS.idle, {
      source: { kind: 'mcp', name: 'claude-code', version: '2.1.0' },
    });
    assert.equal(card(file).agent, 'Claude Code');
  });

  it('a large log is read from its end: the plan still stands past the window', () => {
    const file = writeLog(tempDir(), 's-big', (s) => {
      STATE_LOGS.running(s);
      for (let i = 0; i < 400; i++)
        s.append('todo/user-edit', { todos: [{ content: `Build ${'x'.repeat(400)}`, status: 'in_progress' }] });
    });
    assert.ok(fs.statSync(file).size > 128 * 1024);
    const read = card(file);
    assert.equal(read.state, 'running');
    assert.equal(read.total, 1);
    assert.equal(read.title, 'Build it');
  });

  it('a turn opened before the window still counts as open (a long MCP connection); a torn last line is passed over', () => {
    const file = writeLog(
      tempDir(),
      's-long-mcp',
      (s) => {
        s.append('turn/start', { turn: 1 });
        for (let i = 0; i < 300; i++)
          s.append('todo/write', { todos: [{ content: `Step ${i} ${'y'.repeat(400)}`, status: 'in_progress' }] });
      },
      { source: { kind: 'mcp', name: 'claude-code', version: '2.1.0' } },
    );
    fs.appendFileSync(file, '{"seq":302,"ts":"2026-12-01T10:05:01.000Z","type":"todo/wr');
    const last = T0 + 300_000;
    assert.equal(card(file, last + 60_000).state, 'running');
    assert.equal(card(file, last + 11 * 60_000).state, 'stalled');
    assert.equal(card(file, last + 60_000).active?.startsWith('Step 299 '), true);
  });

  it('a file that is no log is a card unreadable with a reason, not a throw', () => {
    const read = card(writeGarbage(tempDir(), 'broken'));
    assert.equal(read.state, 'unreadable');
    assert.match(read.reason ?? '', /./);
  });
});

describe('board card order', () => {
  const at = (id: string, state: BoardCard['state'], minute: number): BoardCard => ({
    source: 'session',
    agent: 'a',
    id,
    title: id,
    state,
    completed: 0,
    total: 0,
    active: null,
    updatedAt: new Date(T0 + minute * 60_000).toISOString(),
  });

  it('puts Needs you first, oldest first, then the rest newest first, unreadable last', () => {
    const cards = [
      at('old-done', 'done', 1),
      at('new-waiting', 'waiting', 9),
      at('broken', 'unreadable', 10),
      at('old-flagged', 'flagged', 2),
      at('new-running', 'running', 8),
      at('mid-stalled', 'stalled', 5),
      at('newest-approval', 'needs-approval', 7),
    ];
    assert.deepEqual(
      orderCards(cards).map((c) => c.id),
      ['old-flagged', 'mid-stalled', 'newest-approval', 'new-waiting', 'new-running', 'old-done', 'broken'],
    );
  });
});
