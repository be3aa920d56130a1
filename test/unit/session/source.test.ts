// The header's `source`: who writes a log, and the label every session list shows.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sessionHeaderSchema } from '../../../extension/src/core/session/header';
import { isAcpSessionOf, sourceLabel } from '../../../extension/src/core/session/source';

const header = { type: 'session', version: 1, id: 'x', createdAt: '2026-01-01T00:00:00.000Z' };

describe('session source', () => {
  it('reads a header written before sources were recorded, with no source', () => {
    const parsed = sessionHeaderSchema.parse(header);
    assert.equal(parsed.source, undefined);
    assert.equal('source' in parsed, false);
  });

  it('keeps an MCP client name, version and title', () => {
    const source = { kind: 'mcp', name: 'claude-code', version: '2.0.14', title: 'Claude Code' };
    assert.deepEqual(sessionHeaderSchema.parse({ ...header, source }).source, source);
  });

  it('keeps an imported agent file: the agent, its version and the file; a name that is no id reads as no source', () => {
    const source = {
      kind: 'imported',
      name: 'codex',
      version: '0.169.0',
      file: '/home/u/.codex/sessions/2026/12/02/rollout-x.jsonl',
    };
    assert.deepEqual(sessionHeaderSchema.parse({ ...header, source }).source, source);
    // The agents are core/import's (followed-agents.ts): this layer takes any agent id.
    const aider = { ...source, name: 'aider' };
    assert.deepEqual(sessionHeaderSchema.parse({ ...header, source: aider }).source, aider);
    assert.equal(sessionHeaderSchema.parse({ ...header, source: { ...source, name: '../x' } }).source, undefined);
  });

  it('reads a source kind it does not know (a newer writer) as no source instead of refusing the log', () => {
    const parsed = sessionHeaderSchema.safeParse({ ...header, source: { kind: 'telepathy', mind: 1 } });
    assert.equal(parsed.success, true);
    assert.equal(parsed.data?.source, undefined);
  });

  it('labels sources as the session list shows them, falling back on where the log lives', () => {
    const label = (s: Parameters<typeof sourceLabel>[0], f: 'agent' | 'cli' = 'agent') => sourceLabel(s, f);
    assert.deepEqual(label({ kind: 'mcp', name: 'claude-code', version: '1' }), { kind: 'mcp', client: 'Claude Code' });
    assert.deepEqual(label({ kind: 'mcp', name: 'codex-mcp-client', version: '1' }), { kind: 'mcp', client: 'Codex' });
    assert.deepEqual(label({ kind: 'mcp', name: 'gemini-cli-mcp-client', version: '1' }), {
      kind: 'mcp',
      client: 'Gemini CLI',
    });
    assert.deepEqual(label({ kind: 'mcp', name: 'my-agent', version: '1', title: 'My Agent' }), {
      kind: 'mcp',
      client: 'My Agent',
    });
    assert.deepEqual(label({ kind: 'mcp', name: 'my-agent', version: '1' }), { kind: 'mcp', client: 'my-agent' });
    assert.deepEqual(label({ kind: 'imported', name: 'claude-code', version: '2.1.328', file: 'a.jsonl' }), {
      kind: 'imported',
      agentId: 'claude-code',
    });
    assert.deepEqual(label({ kind: 'imported', name: 'codex', version: '0.169.0', file: 'b.jsonl' }), {
      kind: 'imported',
      agentId: 'codex',
    });
    assert.deepEqual(label({ kind: 'imported', name: 'opencode', version: '1.18.33', file: 'opencode.db' }), {
      kind: 'imported',
      agentId: 'opencode',
    });
    assert.deepEqual(label({ kind: 'cli' }), { kind: 'cli' });
    assert.deepEqual(label({ kind: 'chat' }), { kind: 'chat' });
    assert.deepEqual(label({ kind: 'agent' }), { kind: 'agent' });
    assert.deepEqual(label(undefined, 'cli'), { kind: 'cli' });
    assert.deepEqual(label(undefined, 'agent'), { kind: 'agent' });
  });
  it("knows an ACP session by its agent's name, whichever adapter wrote it", () => {
    const claude = {
      kind: 'acp' as const,
      name: '@zed-industries/claude-agent-acp',
      version: '0.23.1',
      title: 'Claude Agent',
    };
    assert.equal(isAcpSessionOf(claude, 'Claude Code'), true);
    assert.equal(isAcpSessionOf(claude, 'Codex'), false);
    assert.equal(isAcpSessionOf({ kind: 'acp', name: 'codex-acp', version: '0.16.0', title: 'Codex' }, 'Codex'), true);
    assert.equal(isAcpSessionOf({ kind: 'agent' }, 'Claude Code'), false);
    assert.equal(isAcpSessionOf(undefined, 'agent'), false);
  });
});
