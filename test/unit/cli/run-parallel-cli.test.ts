// `run --session <id> --parallel <n>`, `merge` and `discard` on a real git repository,
// against a model on 127.0.0.1 that answers each child by the item its prompt names
// ("Work on item N of the plan of session S now: <text>"): it writes `<word>.txt` (the
// item's first word; "clash" items all write clash.txt, each its own text), then marks
// its own plan's item completed. An item whose text starts with "broken" gets a 500; one
// starting with "slow" gets no answer until the test ends it (the kill -9 test).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { SessionFolds } from '../../../extension/src/core/plan/session-folds';
import { replayLogFile } from '../../../extension/src/core/store/log-file';
import { sse } from '../providers/loopback-server';
import { textStep, toolCallStep } from '../providers/openai-wire';
import { tempDir } from '../support/sessions';
import { git } from '../../fixtures/git';

type Message = { role: string; content: unknown };

/** The model's next step for a child: by the item its prompt names and how far its turn got. */
function answer(messages: Message[]): string | null {
  const first = messages.find((m) => typeof m.content === 'string' && m.content.startsWith('Work on item'));
  const content = /^Work on item \d+ of the plan of session \S+ now: (.*)$/m.exec(first!.content as string)![1]!;
  if (content.startsWith('broken')) return null;
  const calls = messages.filter((m) => m.role === 'tool').length;
  const word = content.split(' ')[0]!;
  if (calls === 0)
    return toolCallStep('w0', 'write_file', [JSON.stringify({ path: `${word}.txt`, content: `${content}\n` })]);
  if (calls === 1)
    return toolCallStep('t1', 'todo_write', [JSON.stringify({ todos: [{ content, status: 'completed' }] })]);
  return textStep('Done.');
}

let server: http.Server;
let url = '';
const held: http.ServerResponse[] = [];
before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Message[] };
      if (JSON.stringify(body.messages).includes('now: slow')) return void held.push(res);
      const step = answer(body.messages);
      if (step === null) return void res.writeHead(500).end('{"error":{"message":"broken"}}');
      const reply = sse(step);
      res.writeHead(200, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => {
  for (const res of held) res.destroy();
  server.close();
});

interface Repo {
  dir: string;
  state: string;
  session: string;
  log: string;
}

async function cli(repo: Pick<Repo, 'dir' | 'state'>, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { LOOPBACK_KEY: '', XDG_STATE_HOME: repo.state };
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: repo.dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** A repository with one commit and a session whose plan is `items`. */
async function repoWithPlan(items: string[]): Promise<Repo> {
  const dir = tempDir('run-parallel-');
  const state = tempDir('run-parallel-state-');
  git(dir, 'init', '-q', '-b', 'main');
  fs.writeFileSync(path.join(dir, 'README.md'), 'hello\n');
  fs.writeFileSync(path.join(dir, '.gitignore'), '.agent-checklist/\n');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'start');
  fs.writeFileSync(path.join(dir, '.agent-checklist-plan.md'), items.map((t) => `- [ ] ${t}\n`).join(''));
  const imported = await cli({ dir, state }, [
    'import',
    '.agent-checklist-plan.md',
    '--session-dir',
    '.agent-checklist/s',
  ]);
  assert.equal(imported.code, 0, imported.err);
  fs.rmSync(path.join(dir, '.agent-checklist-plan.md'));
  const log = imported.out.split('\n').at(-1)!;
  return { dir, state, session: path.basename(log, '.jsonl'), log: path.resolve(dir, log) };
}

const RUN = [
  '--session-dir',
  '.agent-checklist/s',
  '--checkpoints',
  'off',
  '--verify-completion',
  'off',
  '--yes',
  '--json',
];

function runArgs(repo: Repo, extra: string[] = [], parallel = ['--parallel', '4']): string[] {
  const model = ['--provider', 'openai', '--base-url', url, '--model', 'm', '--api-key-env', 'LOOPBACK_KEY'];
  const policy = ['--allow-parallel-in-progress', 'false'];
  return ['run', '--session', repo.session, ...parallel, ...model, ...policy, ...RUN, ...extra];
}

async function runParallel(repo: Repo, extra: string[] = [], parallel?: string[]) {
  const r = await cli(repo, runArgs(repo, extra, parallel));
  const json = r.code === 2 || r.out === '' ? null : (JSON.parse(r.out) as { items: Record<string, unknown>[] });
  return { ...r, json };
}

async function planJson(repo: Repo) {
  const r = await cli(repo, ['plan', repo.log, '--format', 'json']);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out) as { content: string; status: string; branch?: string; worktree?: string }[];
}

describe('run --parallel', () => {
  it('runs the ready items at once, each on its own branch, committed by Agent Checklist', async () => {
    const repo = await repoWithPlan(['alpha one', 'beta two', 'gamma three (after 1)']);
    const r = await runParallel(repo);
    assert.equal(r.code, 0, r.err);
    const prefix = `agent-checklist/${repo.session}`;
    assert.deepEqual(r.json, {
      items: [
        { n: 1, content: 'alpha one', outcome: 'completed', branch: `${prefix}/1-alpha-one` },
        { n: 2, content: 'beta two', outcome: 'completed', branch: `${prefix}/2-beta-two` },
      ],
    });
    assert.equal(git(repo.dir, 'log', '-1', '--format=%an|%s', `${prefix}/1-alpha-one`), 'Agent Checklist|alpha one');
    assert.equal(git(repo.dir, 'show', `${prefix}/2-beta-two:beta.txt`), 'beta two');
    assert.equal(git(repo.dir, 'status', '--porcelain'), '', 'the working tree is untouched');
    assert.equal(fs.existsSync(path.join(repo.dir, 'alpha.txt')), false);
    const plan = await planJson(repo);
    assert.deepEqual(
      plan.map((t) => [t.status, t.branch]),
      [
        ['completed', `${prefix}/1-alpha-one`],
        ['completed', `${prefix}/2-beta-two`],
        ['pending', undefined],
      ],
    );
    const check = await cli(repo, ['check', repo.log]);
    assert.equal(check.code, 0, check.err);
    const folds = new SessionFolds({ transcript: null });
    replayLogFile(repo.log, (event) => folds.apply(event));
    // In the order the children started: the worktrees are made at once, either may be first.
    const children = folds.ledger.subagents.map((s) => [s.anchor, s.outcome]).sort();
    assert.deepEqual(children, [
      ['alpha one', 'completed'],
      ['beta two', 'completed'],
    ]);
    const child = folds.ledger.subagents.find((s) => s.anchor === 'alpha one')!.childSessionId;
    const childLog = path.join(repo.dir, '.agent-checklist/s', `${child}.jsonl`);
    const first = JSON.parse(fs.readFileSync(childLog, 'utf8').split('\n')[1]!) as { type: string; data: unknown };
    assert.equal(first.type, 'item-run/child');
    assert.deepEqual(first.data, {
      parentSession: repo.session,
      n: 1,
      content: 'alpha one',
      branch: `${prefix}/1-alpha-one`,
    });
    const childFolds = new SessionFolds({ transcript: null });
    replayLogFile(childLog, (event) => childFolds.apply(event));
    assert.deepEqual(childFolds.standingPlan, [{ content: 'alpha one', status: 'completed' }]);
  });
});

describe('a bare --parallel', () => {
  it('runs at most 3 items at once', async () => {
    const repo = await repoWithPlan(['alpha one', 'beta two', 'gamma three', 'delta four']);
    const r = await runParallel(repo, [], ['--parallel']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      r.json?.items.map((i) => i.outcome),
      ['completed', 'completed', 'completed', 'completed'],
    );
    let running = 0;
    let most = 0;
    replayLogFile(repo.log, (event) => {
      if (event.type === 'item-run/start') most = Math.max(most, ++running);
      if (event.type === 'item-run/end') running--;
    });
    assert.equal(most <= 3, true, `at most 3 at once (${most})`);
    const bad = await runParallel(repo, [], ['--parallel', '9']);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /1 to 8 \(none: 3/);
  });
});

describe('run --parallel refuses', () => {
  it('a HEAD with uncommitted changes to tracked files, saying why; --from-head runs from HEAD anyway', async () => {
    const repo = await repoWithPlan(['alpha one']);
    fs.writeFileSync(path.join(repo.dir, 'README.md'), 'changed\n');
    const r = await runParallel(repo);
    assert.equal(r.code, 1);
    assert.match(r.err, /HEAD has uncommitted changes to tracked files \(README\.md\).*--from-head/);
    assert.equal(git(repo.dir, 'branch', '--list', 'agent-checklist/*'), '');
    const anyway = await runParallel(repo, ['--from-head']);
    assert.equal(anyway.code, 0, anyway.err);
    assert.equal(fs.readFileSync(path.join(repo.dir, 'README.md'), 'utf8'), 'changed\n');
    assert.equal(git(repo.dir, 'show', `agent-checklist/${repo.session}/1-alpha-one:README.md`), 'hello');
  });

  it('a workspace that is not a git repository', async () => {
    const repo = await repoWithPlan(['alpha one']);
    fs.rmSync(path.join(repo.dir, '.git'), { recursive: true });
    const r = await runParallel(repo);
    assert.equal(r.code, 1);
    assert.match(r.err, /is not in a git repository/);
  });
});

describe('merge and discard', () => {
  it('merges a branch --no-ff; a conflicting one exits 1 naming the files and changes nothing', async () => {
    const repo = await repoWithPlan(['clash one', 'clash two']);
    const r = await runParallel(repo);
    assert.equal(r.code, 0, r.err);
    git(repo.dir, 'config', 'user.name', 'Dana Dev');
    git(repo.dir, 'config', 'user.email', 'dana@example.com');
    const merged = await cli(repo, ['merge', repo.log, '--item', '1']);
    assert.equal(merged.code, 0, merged.err);
    assert.equal(git(repo.dir, 'log', '-1', '--format=%P').split(' ').length, 2, 'a merge commit');
    const by = 'Dana Dev <dana@example.com>';
    assert.equal(git(repo.dir, 'log', '-1', '--format=%an <%ae>|%cn <%ce>'), `${by}|${by}`, "the user's own merge");
    assert.equal(git(repo.dir, 'log', '-1', '--format=%an', 'HEAD^2'), 'Agent Checklist', "the item's commit");
    assert.match(git(repo.dir, 'log', '-1', '--format=%s'), /^Merge item 1: clash one/);
    assert.equal(fs.readFileSync(path.join(repo.dir, 'clash.txt'), 'utf8'), 'clash one\n');
    const branch1 = `agent-checklist/${repo.session}/1-clash-one`;
    assert.equal(git(repo.dir, 'branch', '--list', branch1), '', 'its branch deleted');
    const head = git(repo.dir, 'rev-parse', 'HEAD');
    const conflict = await cli(repo, ['merge', repo.log, '--item', '2']);
    assert.equal(conflict.code, 1);
    assert.equal(conflict.err.split('\n').length, 1, conflict.err);
    assert.match(conflict.err, /conflicts in clash\.txt/);
    assert.equal(git(repo.dir, 'rev-parse', 'HEAD'), head);
    assert.equal(git(repo.dir, 'status', '--porcelain'), '');
    assert.notEqual(git(repo.dir, 'branch', '--list', `agent-checklist/${repo.session}/2-clash-two`), '');
    const plan = await planJson(repo);
    assert.deepEqual(
      plan.map((t) => t.branch),
      [undefined, `agent-checklist/${repo.session}/2-clash-two`],
    );
  });

  it('discards a branch and its worktree', async () => {
    const repo = await repoWithPlan(['alpha one']);
    assert.equal((await runParallel(repo)).code, 0);
    const worktree = (await planJson(repo))[0]!.worktree!;
    assert.ok(fs.existsSync(worktree));
    const r = await cli(repo, ['discard', repo.log, '--item', '1']);
    assert.equal(r.code, 0, r.err);
    assert.equal(git(repo.dir, 'branch', '--list', 'agent-checklist/*'), '');
    assert.equal(fs.existsSync(worktree), false);
    assert.equal((await planJson(repo))[0]!.branch, undefined);
  });

  it('a child that fails leaves its item pending: exit 1', async () => {
    const repo = await repoWithPlan(['alpha one', 'broken two']);
    const r = await runParallel(repo);
    assert.equal(r.code, 1);
    assert.deepEqual(
      r.json?.items.map((i) => i.outcome),
      ['completed', 'failed'],
    );
    assert.deepEqual(
      (await planJson(repo)).map((t) => t.status),
      ['completed', 'pending'],
    );
  });
});

describe('kill -9 mid-run', () => {
  it('loses nothing: every log valid, each item as it last was, its branch listed and discardable', async () => {
    const repo = await repoWithPlan(['slow one', 'slow two']);
    const root = path.resolve(__dirname, '../../..');
    const child = spawn(
      process.execPath,
      [
        '--import',
        path.join(root, 'node_modules/tsx/dist/loader.mjs'),
        path.join(root, 'extension/src/cli/main.ts'),
        ...runArgs(repo),
      ],
      {
        cwd: repo.dir,
        env: {
          ...process.env,
          LOOPBACK_KEY: '',
          XDG_STATE_HOME: repo.state,
          NODE_PATH: path.join(root, 'node_modules'),
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (held.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.equal(held.length, 2, `both children asked the model: ${stderr}`);
    child.kill('SIGKILL');
    await exited;
    const logs = fs.readdirSync(path.join(repo.dir, '.agent-checklist/s')).filter((f) => f.endsWith('.jsonl'));
    assert.equal(logs.length, 3);
    for (const log of logs) {
      const check = await cli(repo, ['check', path.join(repo.dir, '.agent-checklist/s', log)]);
      assert.equal(check.code, 0, check.err);
    }
    const plan = await planJson(repo);
    assert.deepEqual(
      plan.map((t) => [t.status, t.branch]),
      [
        ['in_progress', `agent-checklist/${repo.session}/1-slow-one`],
        ['in_progress', `agent-checklist/${repo.session}/2-slow-two`],
      ],
    );
    const again = await runParallel(repo);
    assert.match(again.err, /item 1 \(slow one\): branch .*left by a run that did not end.*agent-checklist discard/);
    const discarded = await cli(repo, ['discard', repo.log, '--item', '1']);
    assert.equal(discarded.code, 0, discarded.err);
  });
});
