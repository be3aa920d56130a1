// The snippets "Set Up for Another Agent…" copies: each starts this installation's
// CLI as an MCP server writing into the workspace's session folder.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupSnippet, shellWord, type SetupTarget } from '../../../extension/src/core/mcp/setup-snippets';

const target: SetupTarget = {
  node: 'node',
  cliPath: '/ext/dist/cli.js',
  sessionDir: '/work/my repo/.agent-checklist/sessions',
  allowParallelInProgress: false,
  platform: 'posix',
};
const args = [
  '/ext/dist/cli.js',
  'mcp',
  '--session-dir',
  '/work/my repo/.agent-checklist/sessions',
  '--allow-parallel-in-progress',
  'false',
];

describe('set-up snippets', () => {
  it('Claude Code: one `claude mcp add` command, paths with spaces quoted', () => {
    assert.deepEqual(setupSnippet('claude-code', target), {
      agent: 'claude-code',
      format: 'command',
      text: "claude mcp add --scope project agent-checklist -- node /ext/dist/cli.js mcp --session-dir '/work/my repo/.agent-checklist/sessions' --allow-parallel-in-progress false",
    });
  });

  it('Codex: a [mcp_servers.agent-checklist] table for config.toml', () => {
    const s = setupSnippet('codex', target);
    assert.equal(s.format, 'toml');
    assert.equal(
      s.text,
      `[mcp_servers.agent-checklist]\ncommand = "node"\nargs = [${args.map((a) => JSON.stringify(a)).join(', ')}]\n`,
    );
  });

  it('Gemini CLI and other clients: an mcpServers entry, valid JSON with the exact arguments', () => {
    assert.deepEqual(JSON.parse(setupSnippet('gemini-cli', target).text), {
      mcpServers: { 'agent-checklist': { command: 'node', args } },
    });
    assert.deepEqual(JSON.parse(setupSnippet('other', target).text), {
      mcpServers: { 'agent-checklist': { type: 'stdio', command: 'node', args } },
    });
  });

  it('quotes shell words for the platform, leaving safe ones bare', () => {
    assert.equal(shellWord('/a/b-c.js', 'posix'), '/a/b-c.js');
    assert.equal(shellWord("it's here", 'posix'), `'it'\\''s here'`);
    assert.equal(shellWord('C:\\Program Files\\x', 'windows'), '"C:\\Program Files\\x"');
  });
});
