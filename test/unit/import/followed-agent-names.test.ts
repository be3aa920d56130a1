// A followed agent is named nowhere in the product outside its own files and the list
// (core/import/followed-agents.ts): no code, string or comment elsewhere says its id or
// its name (the words may be split over lines). Its own files are named after it (the
// id's first word: its descriptor in core/import/agents/, its reader and what that and
// its Turn On command use). Other features that name the same programs are allowed by
// path, each with its reason. A mention planted in any other file is found.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { FOLLOWED_AGENTS } from '../../../extension/src/core/import/followed-agents';

const SRC = path.resolve(__dirname, '../../../extension/src');

/** Files (relative to extension/src, `/` ending a folder) that may name the agents, and why. */
const OTHER_FEATURES: Record<string, string> = {
  'core/import/followed-agents.ts': 'the one list of the followed agents',
  'core/acp-client/': 'the ACP agent catalog: the agents we drive over ACP, and how each is started',
  'vscode/acp-agents/': 'the ACP agent catalog in the editor',
  'core/mcp/setup-snippets.ts': "the MCP set-up snippets: each agent's MCP configuration",
  'vscode/external-sessions/setup-agent.ts': 'Set Up for Another Agent…: the MCP set-up snippets in the editor',
  'vscode/external-sessions/setup-agent-run.ts': 'Set Up for Another Agent…: the MCP set-up snippets in the editor',
  'core/session/source.ts': 'the names MCP clients and ACP agents give themselves in `initialize`',
  'vscode/external-sessions/plan-tool-notice.ts': "registers each descriptor's Turn On command with its lazy module",
};

/** Each followed agent's id and name as a pattern (case-insensitive, its words split by spaces or comment marks). */
function namePatterns(): { agent: string; pattern: RegExp }[] {
  return FOLLOWED_AGENTS.flatMap((agent) =>
    [agent.id, agent.name].map((term) => ({
      agent: agent.id,
      pattern: new RegExp(
        term
          .split(/[\s-]+/)
          .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\s/*-]+'),
        'i',
      ),
    })),
  );
}

/** Whether `file` (relative to extension/src) is one of `agentId`'s own files: named after it. */
function isOwnFile(file: string, agentId: string): boolean {
  return path.posix.basename(file).startsWith(agentId.split('-')[0]!);
}

function isAllowed(file: string, agentId: string): boolean {
  if (isOwnFile(file, agentId)) return true;
  return Object.keys(OTHER_FEATURES).some((allowed) =>
    allowed.endsWith('/') ? file.startsWith(allowed) : file === allowed,
  );
}

/** Every `file: agent` where a product file names a followed agent it may not name. */
function strayMentions(files: ReadonlyMap<string, string>): string[] {
  const patterns = namePatterns();
  const stray = new Set<string>();
  for (const [file, text] of files)
    for (const { agent, pattern } of patterns)
      if (!isAllowed(file, agent) && pattern.test(text)) stray.add(`${file}: ${agent}`);
  return [...stray];
}

function productFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(SRC, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(name)) continue;
    files.set(name.split(path.sep).join('/'), fs.readFileSync(path.join(SRC, name), 'utf8'));
  }
  return files;
}

describe('a followed agent is named only in its own files and the list', () => {
  it('is named in no other product file (other features allowed by path)', () => {
    const files = productFiles();
    assert.ok(files.size > 300, `the product files are read (${files.size})`);
    assert.ok(FOLLOWED_AGENTS.length >= 4, 'the followed agents are read');
    assert.deepEqual(strayMentions(files), []);
  });

  it('finds a mention planted in another file, also split over a comment line', () => {
    const files = productFiles();
    const generic = 'core/import/agent-followers.ts';
    assert.ok(files.has(generic));
    for (const agent of FOLLOWED_AGENTS) {
      const [first, ...rest] = agent.name.split(' ');
      const split = rest.length > 0 ? `${first}\n// ${rest.join(' ')}` : agent.name;
      for (const planted of [`// ${agent.id}\n`, `// ${split}\n`]) {
        const copy = new Map(files).set(generic, planted + files.get(generic)!);
        assert.deepEqual(strayMentions(copy), [`${generic}: ${agent.id}`], planted);
      }
    }
  });

  it("lets an agent's own files name it, and not another agent", () => {
    assert.ok(isAllowed('core/import/gemini-session.ts', 'gemini-cli'));
    assert.ok(!isAllowed('core/import/gemini-session.ts', 'codex'));
    assert.ok(isAllowed('core/import/agents/claude-code.ts', 'claude-code'));
    assert.ok(!isAllowed('core/import/agents/claude-code.ts', 'opencode'));
  });
});
