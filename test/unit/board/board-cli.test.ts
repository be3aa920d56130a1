// `agent-checklist board` over real sources: our agent's logs, an MCP client's log
// (written by the MCP server's session writer), a Claude Code transcript (followed for
// --cwd from the agent's own folder, and imported into the session folder), and a
// real git repository whose remote-tracking branches were pushed from two other clones.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { boardCardSchema } from '../../../extension/src/core/board/board-card';
import { claudeProjectDir } from './agent-dirs';
import { ExternalPlanSession } from '../../../extension/src/core/mcp/external-plan-session';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir } from '../support/sessions';
import { STATE_LOGS, writeGarbage, writeLog } from './board-logs';
import { commitOnBranch, git, initRepo } from './git-repos';

const CLAUDE = path.resolve(__dirname, '../../fixtures/agent-files/claude-todowrite-resumed.jsonl');

async function cli(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd };
  const code = await main(args, io);
  return { code, out, err };
}

/** A repository whose origin holds branches pushed from two other clones, fetched. */
function repoWithTeammates(root: string): string {
  const remote = path.join(root, 'origin.git');
  const seed = initRepo(path.join(root, 'seed'));
  git(root, ['clone', '-q', '--bare', seed, remote]);
  for (const [who, branch, plan] of [
    ['Alice', 'alice-work', '- [x] Design\n- [ ] **Build** _(in progress)_\n'],
    ['Bob', 'bob-work', '- [x] Fix\n- [x] Test\n'],
  ] as const) {
    const clone = path.join(root, who);
    git(root, ['clone', '-q', remote, clone]);
    commitOnBranch(clone, branch, { 'PLAN.md': plan }, who, '2026-12-01T08:00:00Z');
    git(clone, ['push', '-q', 'origin', branch]);
  }
  const repo = path.join(root, 'mine');
  git(root, ['clone', '-q', remote, repo]);
  return repo;
}

describe('agent-checklist board', () => {
  it('lists our logs, an MCP client, a followed Claude Code session and teammates’ branches; JSON fields exact', async () => {
    const root = tempDir('board-cli-');
    const repo = repoWithTeammates(root);
    const sessions = path.join(repo, '.agent-checklist', 'sessions');
    writeLog(sessions, 'ours-waiting', STATE_LOGS['needs-approval']);
    writeLog(sessions, 'ours-idle', STATE_LOGS.idle);
    writeGarbage(sessions, 'torn');
    const mcp = new ExternalPlanSession({
      store: new SessionStore(sessions),
      source: { kind: 'mcp', name: 'codex-mcp-client', version: '0.1.0' },
      policy: { allowParallelInProgress: false },
      cwd: repo,
    });
    assert.equal((await mcp.write({ todos: [{ content: 'Plan', status: 'completed' }] })).isError, false);
    mcp.dispose();
    const claudeHome = path.join(root, 'claude');
    const project = claudeProjectDir(claudeHome, repo);
    fs.mkdirSync(project, { recursive: true });
    fs.copyFileSync(CLAUDE, path.join(project, 'session.jsonl'));
    const env = { CLAUDE_CONFIG_DIR: claudeHome, CODEX_HOME: path.join(root, 'none'), HOME: root };

    const json = await cli(root, env, 'board', '--cwd', repo, '--format', 'json');
    assert.equal(json.code, 0, json.err.join('\n'));
    const cards = z.array(boardCardSchema).parse(JSON.parse(json.out.join('')));
    const bySource = (source: string) => cards.filter((c) => c.source === source);
    assert.deepEqual(
      bySource('branch')
        .map((c) => [c.branch, c.agent, c.state, c.completed, c.total])
        .sort(),
      [
        ['origin/alice-work', 'Alice', 'running', 1, 2],
        ['origin/bob-work', 'Bob', 'done', 2, 2],
      ],
    );
    assert.equal(cards[0]!.state, 'needs-approval', 'Needs you first');
    const followed = bySource('followed');
    assert.equal(followed.length, 1);
    assert.deepEqual([followed[0]!.agent, followed[0]!.title], ['Claude Code', 'fix the bug']);
    const codex = bySource('session').find((c) => c.agent === 'Codex');
    assert.deepEqual([codex?.state, codex?.completed, codex?.total], ['done', 1, 1]);
    assert.equal(cards.at(-1)!.state, 'unreadable');
    assert.match(cards.at(-1)!.reason ?? '', /./);
    for (const card of cards) {
      const keys = Object.keys(card);
      for (const key of ['source', 'agent', 'id', 'title', 'state', 'completed', 'total', 'active', 'updatedAt'])
        assert.ok(keys.includes(key), `${card.id} has ${key}`);
    }

    // An import of the same transcript into the session folder stands for it: one card, not two.
    assert.equal((await cli(repo, env, 'import', path.join(project, 'session.jsonl'))).code, 0);
    const again = JSON.parse((await cli(root, env, 'board', '--cwd', repo, '--format', 'json')).out.join(''));
    const claude = z
      .array(boardCardSchema)
      .parse(again)
      .filter((c) => c.agent === 'Claude Code');
    assert.equal(claude.length, 1);
    assert.equal(claude[0]!.source, 'followed');
  });

  it('text: one line per card, control characters made visible; exit 0', async () => {
    const root = tempDir('board-text-');
    const repo = initRepo(path.join(root, 'repo'));
    commitOnBranch(repo, 'evil', { 'TODO.md': '- [ ] **\\e]52;c;aGk=\\a steal** _(in progress)_\n' }, 'Eve \u001b[2J');
    writeLog(path.join(root, 's'), 'ours', STATE_LOGS.running, { title: 'Build \u001b[31mred' });
    const text = await cli(
      root,
      { HOME: root },
      'board',
      '--cwd',
      repo,
      '--session-dir',
      's',
      '--plan-file',
      'TODO.md',
    );
    assert.equal(text.code, 0, text.err.join('\n'));
    assert.equal(text.out.length, 2);
    assert.ok(text.out.some((l) => l.startsWith('Build ␛[31mred  ')));
    assert.ok(
      text.out.some((l) => /^evil {2}running {2}0\/1 {2}Eve ␛\[2J$/.test(l)),
      text.out.join('\n'),
    );
    for (const line of text.out) assert.doesNotMatch(line, /[\u0000-\u001f]/);
  });

  it('a repository git cannot read is one card unreadable with git’s reason; exit 0', async () => {
    const repo = initRepo(path.join(tempDir(), 'repo'));
    const head = git(repo, ['rev-parse', 'HEAD']).trim();
    fs.rmSync(path.join(repo, '.git', 'objects', head.slice(0, 2), head.slice(2)));
    const read = await cli(repo, {}, 'board', '--format', 'json');
    assert.equal(read.code, 0, read.err.join('\n'));
    const [card] = z.array(boardCardSchema).parse(JSON.parse(read.out.join('')));
    assert.deepEqual([card?.source, card?.state], ['branch', 'unreadable']);
    assert.match(card?.reason ?? '', /missing object/);
  });

  it('reads agentChecklist.stallMinutes from the repository’s .vscode/settings.json, else the default', async () => {
    const root = tempDir('board-stall-');
    const repo = initRepo(path.join(root, 'repo'));
    // Its last event is days old: stalled after the default 10 minutes; never with 0.
    writeLog(path.join(root, 's'), 'ours', STATE_LOGS.running);
    const state = async () => {
      const read = await cli(root, { HOME: root }, 'board', '--cwd', repo, '--session-dir', 's', '--format', 'json');
      assert.equal(read.code, 0, read.err.join('\n'));
      return z.array(boardCardSchema).parse(JSON.parse(read.out.join('')))[0]?.state;
    };
    assert.equal(await state(), 'stalled');
    fs.mkdirSync(path.join(repo, '.vscode'));
    const settings = path.join(repo, '.vscode', 'settings.json');
    fs.writeFileSync(settings, '{\n  // never stalled\n  "agentChecklist.stallMinutes": 0,\n}\n');
    assert.equal(await state(), 'running');
    fs.writeFileSync(settings, '{ "agentChecklist.stallMinutes": -5 }');
    assert.equal(await state(), 'stalled', 'a value the setting refuses is the default');
  });

  it('a plan file outside the repository is a usage error', async () => {
    const repo = initRepo(path.join(tempDir(), 'repo'));
    const bad = await cli(repo, {}, 'board', '--plan-file', '../x.md');
    assert.equal(bad.code, 2);
  });
});
