// The built CLI's `board` once, as shipped: a real git repository whose branch holds a
// plan file, read through the production bundle's git child processes; JSON and text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { runBuiltCli, runEnv, tempDir } from './support/built-cli';

const cardSchema = z.object({
  source: z.string(),
  agent: z.string(),
  id: z.string(),
  title: z.string(),
  state: z.string(),
  completed: z.number(),
  total: z.number(),
  active: z.nullable(z.string()),
  updatedAt: z.string(),
  branch: z.optional(z.string()),
  path: z.optional(z.string()),
});

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', ['-c', 'init.defaultBranch=main', ...args], {
    cwd,
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Dana',
      GIT_AUTHOR_EMAIL: 'dana@example.invalid',
      GIT_COMMITTER_NAME: 'Dana',
      GIT_COMMITTER_EMAIL: 'dana@example.invalid',
      GIT_CONFIG_GLOBAL: '/dev/null',
    },
  });
}

describe('the built CLI: board', () => {
  it("reads a branch's plan file with git and prints its card", async () => {
    const dir = tempDir();
    const repo = path.join(dir, 'repo');
    fs.mkdirSync(repo);
    git(repo, 'init', '-q');
    fs.writeFileSync(path.join(repo, 'README.md'), 'hi\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'start');
    git(repo, 'checkout', '-q', '-b', 'feature');
    fs.writeFileSync(path.join(repo, 'PLAN.md'), '- [x] One\n- [ ] **Two** _(in progress)_\n');
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'plan');
    git(repo, 'checkout', '-q', 'main');

    const json = await runBuiltCli(['board', '--format', 'json'], repo, runEnv(dir));
    assert.equal(json.code, 0, json.stderr);
    const cards = z.array(cardSchema).parse(JSON.parse(json.stdout));
    assert.deepEqual(
      cards.map((c) => [c.source, c.agent, c.branch, c.state, c.completed, c.total, c.active]),
      [['branch', 'Dana', 'feature', 'running', 1, 2, 'Two']],
    );
    const text = await runBuiltCli(['board'], repo, runEnv(dir));
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stdout, 'feature  running  1/2  Dana\n');
  });
});
