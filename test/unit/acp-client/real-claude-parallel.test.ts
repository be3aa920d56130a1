// `run --session <id> --parallel --agent claude-code`: an item of our plan run by the REAL
// claude-agent-acp (a devDependency, bundling Claude Code) in its own git worktree, offline
// against the loopback Anthropic server this test owns. The child's log is the agent's
// session (so its turn runs the agent, not ours) and begins with item-run/child; the
// agent's Write lands in the worktree and is committed on the item's branch by "Agent
// Checklist"; the parent's item is completed and the user's working tree is untouched.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { itemPlace } from '../../../extension/src/core/worktrees/item-worktree';
import { tempDir } from '../support/sessions';
import { processesIn } from '../support/processes';
import { BIN, runPlace } from './real-agent-cli';

function git(dir: string, ...args: string[]): string {
  const r = spawnSync('git', ['-c', 'user.name=User', '-c', 'user.email=user@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout.trim();
}

async function cli(args: string[], env: Record<string, string>, cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('run --parallel --agent claude-code (the real claude-agent-acp, offline)', () => {
  it("runs the item as the agent's child session in its worktree; its work committed on the item's branch", async () => {
    const dir = tempDir('acp-parallel-');
    const state = path.join(dir, 'state');
    const { ws, server } = await runPlace(dir, []);
    git(ws, 'init', '-q', '-b', 'main');
    fs.writeFileSync(path.join(ws, 'README.md'), 'hello\n');
    fs.writeFileSync(path.join(ws, '.gitignore'), '.agent-checklist/\n');
    git(ws, 'add', '-A');
    git(ws, 'commit', '-q', '-m', 'start');
    fs.writeFileSync(path.join(dir, 'plan.md'), '- [ ] Write the note\n');
    const env = {
      PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`,
      HOME: dir,
      LANG: 'C.UTF-8',
      XDG_STATE_HOME: state,
      CLAUDE_CONFIG_DIR: path.join(dir, 'claude'),
      ANTHROPIC_API_KEY: 'test',
      IS_SANDBOX: '1', // Claude Code refuses to run as root otherwise (CI containers)
      CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
      DISABLE_TELEMETRY: '1',
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    };
    const sessions = path.join(ws, '.agent-checklist/s');
    const imported = await cli(['import', path.join(dir, 'plan.md'), '--session-dir', sessions], env, ws);
    assert.equal(imported.code, 0, imported.err);
    const log = path.resolve(ws, imported.out.split('\n').at(-1)!);
    const session = path.basename(log, '.jsonl');
    const place = itemPlace(path.join(state, 'agent-checklist/worktrees'), session, 1, 'Write the note');
    server.script(
      { tool: 'Write', input: { file_path: path.join(place.worktree, 'note.txt'), content: 'hello\n' } },
      { text: 'Done.' },
    );
    const args = ['run', '--session', session, '--parallel', '--agent', 'claude-code', '--yes', '--json'];
    const run = await cli(
      [...args, '--checkpoints', 'off', '--session-dir', sessions],
      { ...env, ANTHROPIC_BASE_URL: server.url },
      ws,
    );
    assert.equal(run.code, 0, run.err);
    assert.deepEqual(JSON.parse(run.out), {
      items: [{ n: 1, content: 'Write the note', outcome: 'completed', branch: place.branch }],
    });
    assert.equal(git(ws, 'log', '-1', '--format=%an|%s', place.branch), 'Agent Checklist|Write the note');
    assert.equal(git(ws, 'show', `${place.branch}:note.txt`), 'hello');
    assert.equal(git(ws, 'status', '--porcelain'), '', 'the working tree is untouched');
    assert.equal(fs.existsSync(path.join(ws, 'note.txt')), false);
    const start = loadLogFile(log).events.find((e) => e.type === 'item-run/start');
    assert.ok(start?.type === 'item-run/start');
    const child = loadLogFile(path.join(sessions, `${start.data.childSession}.jsonl`));
    assert.equal(child.header.source?.kind, 'acp');
    assert.equal(child.events[0]?.type, 'item-run/child');
    assert.ok(server.requests.some((body) => body.includes('Work on item 1 of the plan')));
    const plan = await cli(['plan', log, '--format', 'json'], env, ws);
    assert.deepEqual(
      (JSON.parse(plan.out) as { status: string }[]).map((t) => t.status),
      ['completed'],
    );
    assert.deepEqual(processesIn(dir), []);
  });
});
