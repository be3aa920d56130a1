// The ACP agent catalog: built-ins found on PATH (the first candidate found wins),
// user entries checked at the boundary and merged over the built-ins, and a missing
// command as a message saying how to install it.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import {
  acpAgentIds,
  acpAgentOfSession,
  acpAgentsSchema,
  BUILT_IN_ACP_AGENT_IDS,
  firstResolved,
  resolveAcpAgent,
} from '../../../extension/src/core/acp-client/agent-catalog';
import { issuesText } from '../../../extension/src/core/zod-issues';
import { tempDir } from '../support/sessions';
import { codexPlanToolArgs } from '../../../extension/src/core/codex-plan-tool';

/** The setting's value through its schema (vscode/settings.ts reads agentChecklist.acpAgents with it): the entries, or where each problem is. */
function parseAcpAgents(value: unknown) {
  const parsed = acpAgentsSchema.safeParse(value);
  return parsed.success
    ? { ok: true as const, entries: parsed.data }
    : {
        ok: false as const,
        message: issuesText(parsed.error.issues),
      };
}

function binDir(...names: string[]): string {
  const dir = tempDir('acp-bin-');
  for (const name of names) {
    fs.writeFileSync(path.join(dir, name), '#!/bin/sh\n');
    fs.chmodSync(path.join(dir, name), 0o755);
  }
  return dir;
}

describe('ACP agent catalog', () => {
  it('knows the built-in ids', () => {
    assert.deepEqual(BUILT_IN_ACP_AGENT_IDS, ['claude-code', 'codex', 'gemini', 'opencode', 'copilot']);
  });

  it('claude-code runs claude-agent-acp, else claude-code-acp, whichever PATH has', () => {
    const both = binDir('claude-agent-acp', 'claude-code-acp');
    const old = binDir('claude-code-acp');
    const a = resolveAcpAgent('claude-code', {}, { PATH: both }, '/');
    assert.ok(a.ok);
    assert.equal(a.launch.command, path.join(both, 'claude-agent-acp'));
    const b = resolveAcpAgent('claude-code', {}, { PATH: `${binDir()}${path.delimiter}${old}` }, '/');
    assert.ok(b.ok);
    assert.equal(b.launch.command, path.join(old, 'claude-code-acp'));
  });

  it('gemini and opencode carry their ACP arguments', () => {
    const bin = binDir('gemini', 'opencode', 'copilot', 'codex-acp');
    const args = (id: string) => {
      const r = resolveAcpAgent(id, {}, { PATH: bin }, '/');
      assert.ok(r.ok);
      return [path.basename(r.launch.command), ...r.launch.args];
    };
    assert.deepEqual(args('gemini'), ['gemini', '--acp']);
    assert.deepEqual(args('opencode'), ['opencode', 'acp']);
    assert.deepEqual(args('copilot'), ['copilot', '--acp']);
  });

  it("codex starts with its plan tool on (-c), unless the user's config.toml turns it off", () => {
    const bin = binDir('codex-acp');
    const home = tempDir('codex-home-');
    const env = { PATH: bin, CODEX_HOME: home };
    const r = resolveAcpAgent('codex', {}, env, '/');
    assert.ok(r.ok);
    assert.deepEqual([r.launch.args, r.launch.codexPlanTool], [[], true], 'the override is added as it starts');
    const atStart = () => codexPlanToolArgs({ ...env, ...r.launch.env });
    assert.deepEqual(atStart(), ['-c', 'tools.update_plan.enabled=true'], 'no config');
    fs.writeFileSync(path.join(home, 'config.toml'), 'model = "o3"\n');
    assert.deepEqual(atStart(), ['-c', 'tools.update_plan.enabled=true'], 'the key unset');
    fs.writeFileSync(path.join(home, 'config.toml'), '[tools.update_plan]\r\nenabled = false # not here\r\n');
    assert.deepEqual(atStart(), [], 'a deliberate false');
    const user = resolveAcpAgent('codex', { codex: { command: 'codex-acp' } }, env, '/');
    assert.ok(user.ok);
    assert.deepEqual(
      [user.launch.args, user.launch.codexPlanTool],
      [[], undefined],
      "a user's own entry runs as written",
    );
    const gemini = resolveAcpAgent('gemini', {}, { PATH: binDir('gemini') }, '/');
    assert.equal(gemini.ok && gemini.launch.codexPlanTool, undefined);
  });

  it('a built-in not installed: a message with how to install it', () => {
    const r = resolveAcpAgent('codex', {}, { PATH: binDir() }, '/');
    assert.equal(r.ok, false);
    assert.ok(!r.ok);
    assert.match(r.message, /Codex is not installed: codex-acp was not found on PATH/);
    assert.match(r.message, /npm install -g @zed-industries\/codex-acp/);
  });

  it('a file that is not executable is not a command', () => {
    const dir = tempDir('acp-bin-');
    fs.writeFileSync(path.join(dir, 'codex-acp'), '');
    assert.equal(resolveAcpAgent('codex', {}, { PATH: dir }, '/').ok, false);
  });

  it('user entries merge over the built-ins and add their own ids', () => {
    const bin = binDir('my-agent', 'other');
    const parsed = parseAcpAgents({
      codex: { command: 'other', args: ['--acp'], env: { MY_KEY: 'x' } },
      mine: { title: 'Mine', command: 'my-agent' },
    });
    assert.ok(parsed.ok);
    const codex = resolveAcpAgent('codex', parsed.entries, { PATH: bin }, '/');
    assert.ok(codex.ok);
    assert.deepEqual(
      { ...codex.launch, command: path.basename(codex.launch.command) },
      { id: 'codex', title: 'Codex', command: 'other', args: ['--acp'], env: { MY_KEY: 'x' } },
    );
    const mine = resolveAcpAgent('mine', parsed.entries, { PATH: bin }, '/');
    assert.ok(mine.ok);
    assert.equal(mine.launch.title, 'Mine');
    assert.deepEqual(acpAgentIds(parsed.entries), [...BUILT_IN_ACP_AGENT_IDS, 'mine']);
  });

  it('a user command given as a path is used as is, relative to the folder', () => {
    const bin = binDir('agent.sh');
    const parsed = parseAcpAgents({ local: { command: './agent.sh' } });
    assert.ok(parsed.ok);
    const r = resolveAcpAgent('local', parsed.entries, { PATH: '' }, bin);
    assert.ok(r.ok);
    assert.equal(r.launch.command, path.join(bin, 'agent.sh'));
  });

  it('an unknown id names the known ones; a user command not found says so', () => {
    const unknown = resolveAcpAgent('nope', {}, { PATH: '' }, '/');
    assert.ok(!unknown.ok);
    assert.match(
      unknown.message,
      /no ACP agent "nope": the known ones are claude-code, codex, gemini, opencode, copilot/,
    );
    const parsed = parseAcpAgents({ x: { command: 'not-there' } });
    assert.ok(parsed.ok);
    const missing = resolveAcpAgent('x', parsed.entries, { PATH: '' }, '/');
    assert.ok(!missing.ok);
    assert.match(missing.message, /"not-there" was not found/);
  });

  it('refuses malformed entries with where the problem is', () => {
    for (const [value, where] of [
      [{ a: { args: [] } }, /a\.command/],
      [{ a: { command: '' } }, /a\.command/],
      [{ a: { command: 'x', args: 'y' } }, /a\.args/],
      [{ a: { command: 'x', env: { 'BAD NAME': 'v' } } }, /a\.env/],
      [{ a: { command: 'x', extra: 1 } }, /a/],
      [{ 'bad id': { command: 'x' } }, /bad id|agent ids/],
    ] as const) {
      const parsed = parseAcpAgents(value);
      assert.ok(!parsed.ok, JSON.stringify(value));
      assert.match(parsed.message, where);
    }
    assert.ok(parseAcpAgents({}).ok);
  });
  it("claude-code starts with Claude Code's plan tools on unless its entry or the environment sets the variable", () => {
    const bin = binDir('claude-agent-acp', 'my-claude');
    const envOf = (entries: Record<string, unknown>, env: Record<string, string> = {}) => {
      const parsed = parseAcpAgents(entries);
      assert.ok(parsed.ok);
      const r = resolveAcpAgent('claude-code', parsed.entries, { PATH: bin, ...env }, '/');
      assert.ok(r.ok);
      return r.launch.env;
    };
    assert.deepEqual(envOf({}), { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' });
    assert.deepEqual(envOf({}, { CLAUDE_CODE_ENABLE_TODO_TOOLS: '0' }), {});
    assert.deepEqual(envOf({ 'claude-code': { command: 'my-claude', env: { K: 'v' } } }), {
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      K: 'v',
    });
    assert.deepEqual(envOf({ 'claude-code': { command: 'my-claude', env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '0' } } }), {
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '0',
    });
    const codex = resolveAcpAgent('codex', {}, { PATH: binDir('codex-acp') }, '/');
    assert.ok(codex.ok);
    assert.deepEqual(codex.launch.env, {});
  });
});

describe("a session's ACP agent (who continues it)", () => {
  const claude = { kind: 'acp', name: '@zed-industries/claude-agent-acp', version: '1' } as const;
  const mine = { kind: 'acp', name: 'my-agent', version: '1', title: 'My Agent' } as const;
  it('not an ACP session: null (our agent continues our own)', () => {
    assert.equal(acpAgentOfSession(undefined, {}), null);
    assert.equal(acpAgentOfSession({ kind: 'agent' }, {}), null);
  });
  it("the entries titled as the session's agent goes by: the preferred first, then the user's, then the built-ins", () => {
    assert.deepEqual(acpAgentOfSession(claude, {}), { agent: 'Claude Code', ids: ['claude-code'] });
    const entries = {
      'claude-a': { title: 'Claude Code', command: 'claude-agent-acp' },
      'claude-b': { title: 'Claude Code', command: 'claude-agent-acp' },
      mine: { title: 'My Agent', command: 'my-agent' },
    };
    assert.deepEqual(acpAgentOfSession(claude, entries, ['claude-b']), {
      agent: 'Claude Code',
      ids: ['claude-b', 'claude-a', 'claude-code'],
    });
    assert.deepEqual(acpAgentOfSession(mine, entries), { agent: 'My Agent', ids: ['mine'] });
  });
  it('no entry has its name any longer: no ids, the name kept to say so', () => {
    assert.deepEqual(acpAgentOfSession(mine, {}), { agent: 'My Agent', ids: [] });
  });
  it("the first entry whose command is there continues it; none: the first one's reason", () => {
    const env = { PATH: binDir('claude-agent-acp') };
    const entries = { 'claude-gone': { title: 'Claude Code', command: '/nowhere/claude-agent-acp' } };
    const resolve = (id: string) => resolveAcpAgent(id, entries, env, '/');
    const found = firstResolved(['claude-gone', 'claude-code'], resolve);
    assert.ok(found?.ok);
    assert.equal(found.launch.id, 'claude-code');
    const none = firstResolved(['claude-gone'], resolve);
    assert.ok(none !== null && !none.ok);
    assert.match(none.message, /^Claude Code: the command "\/nowhere\/claude-agent-acp" was not found/);
    assert.equal(firstResolved([], resolve), null);
  });
});
