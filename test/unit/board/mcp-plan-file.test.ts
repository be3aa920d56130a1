// `agent-checklist mcp --plan-file`, the built CLI driven by the MCP SDK's own client
// as an agent on a teammate's machine would drive it: the plan file follows each
// accepted todo_write, the teammate commits it on a branch and pushes, and after a
// fetch `board` shows that plan on the remote-tracking branch.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { planMarkdownDocument } from '../../../extension/src/core/plan/plan-markdown';
import { build, connect, textOf } from '../mcp/mcp-support';
import { tempDir, todo } from '../support/sessions';
import { git, initRepo } from './git-repos';

before(build);

async function board(cwd: string, ...args: string[]) {
  const out: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: () => undefined, write: () => undefined, env: { HOME: cwd }, cwd };
  assert.equal(await main(['board', '--format', 'json', ...args], io), 0);
  return JSON.parse(out.join('')) as { source: string; agent: string; branch?: string; state: string; total: number }[];
}

describe('agent-checklist mcp --plan-file', () => {
  it('keeps the standing plan in the file; a pushed branch carries it to the board', async () => {
    const root = tempDir('mcp-plan-file-');
    const seed = initRepo(path.join(root, 'seed'));
    fs.writeFileSync(path.join(seed, '.gitignore'), '.agent-checklist/\n');
    git(seed, ['add', '.']);
    git(seed, ['commit', '-q', '-m', 'ignore our state']);
    const remote = path.join(root, 'origin.git');
    git(root, ['clone', '-q', '--bare', seed, remote]);
    const teammate = path.join(root, 'teammate');
    git(root, ['clone', '-q', remote, teammate]);
    git(teammate, ['checkout', '-q', '-b', 'cloud-agent']);

    const c = await connect(teammate, ['--allow-parallel-in-progress', 'false', '--plan-file', 'PLAN.md'], {
      name: 'claude-code',
      version: '2.1.0',
    });
    const plans = [
      [todo('Read the code', 'in_progress'), todo('Fix the bug')],
      [todo('Read the code', 'completed'), todo('Fix the bug', 'in_progress')],
    ];
    try {
      assert.equal(fs.existsSync(path.join(teammate, 'PLAN.md')), false, 'nothing written before a plan');
      for (const todos of plans) {
        assert.equal(textOf(await c.client.callTool({ name: 'todo_write', arguments: { todos } })).isError, false);
        assert.equal(fs.readFileSync(path.join(teammate, 'PLAN.md'), 'utf8'), planMarkdownDocument(todos));
      }
      const refused = await c.client.callTool({ name: 'todo_write', arguments: { todos: [todo('x'), todo('x')] } });
      assert.equal(textOf(refused).isError, true);
      assert.equal(fs.readFileSync(path.join(teammate, 'PLAN.md'), 'utf8'), planMarkdownDocument(plans[1]!));
    } finally {
      await c.close();
    }
    const local = await board(teammate);
    assert.deepEqual(
      local.filter((card) => card.source === 'session').map((card) => [card.agent, card.total]),
      [['Claude Code', 2]],
    );

    git(teammate, ['add', 'PLAN.md']);
    git(teammate, ['commit', '-q', '-m', 'the plan'], 'Cloud Agent');
    git(teammate, ['push', '-q', 'origin', 'cloud-agent']);
    const mine = path.join(root, 'mine');
    git(root, ['clone', '-q', remote, mine]);
    const branch = (await board(mine)).find((card) => card.branch === 'origin/cloud-agent');
    assert.deepEqual([branch?.agent, branch?.state, branch?.total], ['Cloud Agent', 'running', 2]);
  });

  it('refuses a plan file in .git', async () => {
    const cwd = tempDir();
    const out: string[] = [];
    const io: CliIo = { out: () => undefined, err: (l) => out.push(l), write: () => undefined, env: {}, cwd };
    const args = ['mcp', '--allow-parallel-in-progress', 'false', '--plan-file', '.git/PLAN.md'];
    assert.equal(await main(args, io), 2);
    assert.match(out.join('\n'), /--plan-file/);
  });
});
