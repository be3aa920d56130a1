// The snippets "Set Up for Another Agent…" copies: each starts the launcher (a path that
// stays the same across updates) as an MCP server writing into the workspace's session
// folder; Claude Code's is scoped to this machine (local), never the shared .mcp.json.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupSnippet, type SetupTarget } from '../../../extension/src/core/mcp/setup-snippets';

const launcher = '/home/me/.config/Code/User/globalStorage/agent-checklist.agent-checklist/bin/agent-checklist';
const target: SetupTarget = {
  launcher,
  sessionDir: '/work/my repo/.agent-checklist/sessions',
  allowParallelInProgress: false,
  platform: 'posix',
};
const args = [
  'mcp',
  '--session-dir',
  '/work/my repo/.agent-checklist/sessions',
  '--allow-parallel-in-progress',
  'false',
];

describe('set-up snippets', () => {
  it('Claude Code: one `claude mcp add --scope local` command naming the launcher, paths with spaces quoted', () => {
    assert.deepEqual(setupSnippet('claude-code', target), {
      agent: 'claude-code',
      format: 'command',
      text: `claude mcp add --scope local agent-checklist -- ${launcher} mcp --session-dir '/work/my repo/.agent-checklist/sessions' --allow-parallel-in-progress false`,
    });
  });

  it('names no version folder and no `node`: the launcher is the program', () => {
    for (const agent of ['claude-code', 'codex', 'gemini-cli', 'other'] as const) {
      const { text } = setupSnippet(agent, target);
      assert.doesNotMatch(text, /\bnode\b|cli\.js|\d+\.\d+\.\d+/, agent);
      assert.ok(text.includes(launcher), agent);
    }
  });

  it('Codex: a [mcp_servers.agent-checklist] table for config.toml', () => {
    const s = setupSnippet('codex', target);
    assert.equal(s.format, 'toml');
    assert.equal(
      s.text,
      `[mcp_servers.agent-checklist]\ncommand = ${JSON.stringify(launcher)}\nargs = [${args.map((a) => JSON.stringify(a)).join(', ')}]\n`,
    );
  });

  it('Gemini CLI and other clients: an mcpServers entry, valid JSON with the exact arguments', () => {
    assert.deepEqual(JSON.parse(setupSnippet('gemini-cli', target).text), {
      mcpServers: { 'agent-checklist': { command: launcher, args } },
    });
    assert.deepEqual(JSON.parse(setupSnippet('other', target).text), {
      mcpServers: { 'agent-checklist': { type: 'stdio', command: launcher, args } },
    });
  });

  it('quotes shell words for the platform, leaving safe ones bare', () => {
    // The launcher as the Claude Code command line carries it: the word after `--`.
    const launcherWord = (word: string, platform: SetupTarget['platform']): string | undefined =>
      setupSnippet('claude-code', { ...target, launcher: word, platform })
        .text.split(' -- ')[1]
        ?.split(' mcp ')[0];
    assert.equal(launcherWord('/a/b-c.js', 'posix'), '/a/b-c.js');
    assert.equal(launcherWord("it's here", 'posix'), `'it'\\''s here'`);
    assert.equal(launcherWord('C:\\Program Files\\x', 'windows'), '"C:\\Program Files\\x"');
  });
});
