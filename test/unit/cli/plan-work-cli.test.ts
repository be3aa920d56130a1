// The plan drives the work, from the CLI: `edit --from-file` (the plan file's one
// Markdown format: unchanged, each kind of change, refusals), `run --session <id>
// --item <n>` (the item in progress by one user edit, the prompt naming it and
// carrying the plan; a missing item exits 2 with the log unchanged) and `run --from
// <log>` (a new session beginning with the source's plan as a user edit naming it,
// whose first request carries every item and its status) from our own log and from an
// imported Claude Code transcript, to our agent against a real OpenAI-compatible
// server on 127.0.0.1.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { planMarkdownDocument } from '../../../extension/src/core/plan/plan-markdown';
import { userEditNote } from '../../../extension/src/core/plan/user-edit';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { LoopbackServer, sse } from '../providers/loopback-server';
import { textStep, toolCallStep } from '../providers/openai-wire';
import { listed, tempDir, todo } from '../support/sessions';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');

async function cli(dir: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const PLAN = [todo('read', 'completed'), todo('build', 'in_progress'), todo('fix')];

let server: LoopbackServer;
before(async () => {
  server = await LoopbackServer.start();
});
after(() => server.close());

/** `run` against the loopback server (our agent), the prompt last. */
const runArgs = (policy: 'true' | 'false', ...rest: string[]) => [
  'run',
  '--provider',
  'openai',
  '--base-url',
  `${server.url}/v1`,
  '--model',
  'm',
  '--api-key-env',
  'LOOPBACK_KEY',
  '--session-dir',
  's',
  '--allow-parallel-in-progress',
  policy,
  '--json',
  ...rest,
];
const ENV = { LOOPBACK_KEY: '' };

type Body = { messages: { role: string; content: unknown }[] };
const userTexts = (request: number): string[] =>
  (server.requests[request]!.json as Body).messages.flatMap((m) =>
    m.role === 'user' && typeof m.content === 'string' ? [m.content] : [],
  );

/** A session of our agent whose standing plan is PLAN; its log's path and id. */
async function sessionWithPlan(dir: string): Promise<{ logPath: string; sessionId: string }> {
  server.enqueue(
    sse(toolCallStep('call_1', 'todo_write', [JSON.stringify({ todos: PLAN })])),
    sse(textStep('Planned.')),
  );
  const r = await cli(dir, runArgs('true', 'plan it'), ENV);
  assert.equal(r.code, 0, r.err);
  return JSON.parse(r.out);
}

const userEdits = (logPath: string) =>
  loadLogFile(logPath).events.flatMap((e) => (e.type === 'todo/user-edit' ? [e.data] : []));

describe('edit --from-file', () => {
  it('the file as plan --format markdown printed it: unchanged, exit 0, nothing appended', async () => {
    const dir = tempDir('plan-file-');
    const { logPath } = await sessionWithPlan(dir);
    const printed = await cli(dir, ['plan', logPath, '--format', 'markdown']);
    assert.equal(`${printed.out}\n`, planMarkdownDocument(PLAN));
    fs.writeFileSync(path.join(dir, 'PLAN.md'), `${printed.out}\n`);
    const size = fs.statSync(logPath).size;
    const r = await cli(dir, ['edit', logPath, '--from-file', 'PLAN.md']);
    assert.deepEqual([r.code, r.out.split('\n')[0]], [0, 'unchanged']);
    assert.equal(fs.statSync(logPath).size, size);
  });

  it('each kind of change is ONE todo/user-edit from the plan file, in the history', async () => {
    const dir = tempDir('plan-file-');
    const { logPath } = await sessionWithPlan(dir);
    const file = path.join(dir, 'PLAN.md');
    const versions = [
      [todo('read', 'completed'), todo('build', 'completed'), todo('fix')], // tick
      [todo('read'), todo('build', 'completed'), todo('fix')], // untick
      [todo('read'), todo('build', 'completed'), todo('fix'), todo('test it')], // new line
      [todo('build', 'completed'), todo('fix'), todo('test it')], // removed line
      [todo('test it'), todo('build', 'completed'), todo('fix')], // reordered
      [todo('test it'), todo('build', 'completed'), todo('fix', 'in_progress')], // the in-progress marker
    ];
    for (const list of versions) {
      fs.writeFileSync(file, planMarkdownDocument(list));
      const r = await cli(dir, ['edit', logPath, '--from-file', file]);
      assert.equal(r.code, 0, r.err);
    }
    assert.deepEqual(
      userEdits(logPath),
      versions.map((todos) => ({ todos, origin: { kind: 'plan-file' } })),
    );
    const history = JSON.parse((await cli(dir, ['history', logPath, '--format', 'json'])).out);
    assert.deepEqual(history.at(-1).origin, { kind: 'plan-file' });
    const text = await cli(dir, ['history', logPath]);
    assert.match(text.out, /· by the user \(the plan file\)\n/);
  });

  it('refused (exit 1, one line, the log unchanged): a broken line, a duplicate, two in progress without parallel work, no file', async () => {
    const dir = tempDir('plan-file-');
    const { logPath } = await sessionWithPlan(dir);
    const size = fs.statSync(logPath).size;
    const cases: [string, string, string[]][] = [
      [
        '- [x] read\nbuild it\n',
        'agent-checklist: line 2 is not an item ("- [ ] text", "- [ ] **text** _(in progress)_" or "- [x] text"): "build it"',
        [],
      ],
      ['- [x] read\n- [ ] read\n', 'agent-checklist: invalid todos: duplicate content "read"', []],
      [
        '- [ ] **read** _(in progress)_\n- [ ] **build** _(in progress)_\n',
        'agent-checklist: invalid todos: at most one task may be in_progress (got 2)',
        ['--allow-parallel-in-progress', 'false'],
      ],
    ];
    for (const [text, message, flags] of cases) {
      fs.writeFileSync(path.join(dir, 'PLAN.md'), text);
      const r = await cli(dir, ['edit', logPath, '--from-file', 'PLAN.md', ...flags]);
      assert.deepEqual([r.code, r.err], [1, message]);
    }
    const missing = await cli(dir, ['edit', logPath, '--from-file', 'nope.md']);
    assert.deepEqual([missing.code, missing.err], [1, 'agent-checklist: cannot read "nope.md" (ENOENT)']);
    assert.equal(fs.statSync(logPath).size, size);
    const both = await cli(dir, ['edit', logPath, '--from-file', 'PLAN.md', '--remove', '1']);
    assert.equal(both.code, 2);
  });
});

describe('run --session <id> --item <n>', () => {
  it('the item goes in progress by one user edit (the one before back to pending), and the prompt names it and carries the plan', async () => {
    const dir = tempDir('plan-item-');
    const { sessionId, logPath } = await sessionWithPlan(dir);
    const asked = server.requests.length;
    server.enqueue(sse(textStep('On it.')));
    const r = await cli(dir, runArgs('false', '--session', sessionId, '--item', '3'), ENV);
    assert.equal(r.code, 0, r.err);
    const started = [todo('read', 'completed'), todo('build'), todo('fix', 'in_progress')];
    assert.deepEqual(userEdits(logPath), [{ todos: started }]);
    assert.equal(server.requests.length, asked + 1);
    const texts = userTexts(asked);
    assert.equal(texts.at(-2), userEditNote(started));
    assert.equal(
      texts.at(-1),
      [
        'Work on item 3 of the plan now: fix',
        '',
        'The plan:',
        '1. [completed] read',
        '2. [pending] build',
        '3. [in_progress] fix',
        '',
        'Keep the plan up to date as you go, and mark the item completed when it is done.',
      ].join('\n'),
    );
    assert.deepEqual(listed((await cli(dir, ['plan', logPath, '--format', 'json'])).out), started);
  });

  it('with parallel work on, the other item stays in progress; words given go after the prompt', async () => {
    const dir = tempDir('plan-item-');
    const { sessionId, logPath } = await sessionWithPlan(dir);
    const asked = server.requests.length;
    server.enqueue(sse(textStep('On it.')));
    const r = await cli(dir, runArgs('true', '--session', sessionId, '--item', '3', 'mind the tests'), ENV);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(userEdits(logPath), [
      { todos: [todo('read', 'completed'), todo('build', 'in_progress'), todo('fix', 'in_progress')] },
    ]);
    assert.match(userTexts(asked).at(-1)!, /^Work on item 3 of the plan now: fix\n[\s\S]*\n\nmind the tests$/);
  });

  it('an item that does not exist: exit 2, the log unchanged, no request; --item without --session is bad usage', async () => {
    const dir = tempDir('plan-item-');
    const { sessionId, logPath } = await sessionWithPlan(dir);
    const bytes = fs.readFileSync(logPath);
    const asked = server.requests.length;
    const r = await cli(dir, runArgs('false', '--session', sessionId, '--item', '4'), ENV);
    assert.deepEqual([r.code, r.err], [2, 'agent-checklist: the plan has no item 4 (it has 3)']);
    assert.deepEqual(fs.readFileSync(logPath), bytes);
    assert.equal(server.requests.length, asked);
    assert.equal((await cli(dir, runArgs('false', '--session', sessionId, '--item', '0'), ENV)).code, 2);
    assert.equal((await cli(dir, runArgs('false', '--item', '1', 'go'), ENV)).code, 2);
    assert.deepEqual(fs.readFileSync(logPath), bytes);
  });
});

describe('run --from <log.jsonl>', () => {
  async function handOver(dir: string, from: string, source: string, plan: unknown[]) {
    const asked = server.requests.length;
    server.enqueue(sse(textStep('Taking it from here.')));
    const r = await cli(dir, runArgs('true', '--from', from, 'carry on'), ENV);
    assert.equal(r.code, 0, r.err);
    const { sessionId, logPath } = JSON.parse(r.out);
    assert.notEqual(sessionId, source);
    const events = loadLogFile(logPath).events;
    assert.equal(events[0]!.type, 'todo/user-edit', 'the log begins with the hand-over');
    assert.deepEqual(events[0]!.data, { todos: plan, origin: { kind: 'hand-over', session: source } });
    assert.deepEqual(
      userTexts(asked),
      [userEditNote(plan as never), 'carry on'],
      'the first request carries every item',
    );
    const text = await cli(dir, ['history', logPath]);
    assert.match(text.out, new RegExp(`by the user \\(handed over from session ${source}\\)`));
  }

  it("from our own log: the new session begins with the source's standing plan, naming it", async () => {
    const dir = tempDir('plan-from-');
    const { sessionId, logPath } = await sessionWithPlan(dir);
    await handOver(dir, logPath, sessionId, PLAN);
  });

  it('from an imported Claude Code transcript', async () => {
    const dir = tempDir('plan-from-');
    fs.copyFileSync(path.join(FIXTURES, 'claude-todowrite-resumed.jsonl'), path.join(dir, 't.jsonl'));
    const imported = await cli(dir, ['import', 't.jsonl', '--session-dir', 'imported']);
    assert.equal(imported.code, 0, imported.err);
    const logPath = imported.out.split('\n').at(-1)!;
    const plan = listed((await cli(dir, ['plan', logPath, '--format', 'json'])).out) ?? [];
    assert.ok(plan.length > 1);
    await handOver(dir, logPath, loadLogFile(logPath).header.id, plan);
  });

  it('a source with no plan: exit 1, no session made; --from with --session is bad usage', async () => {
    const dir = tempDir('plan-from-');
    server.enqueue(sse(textStep('No plan.')));
    const plain = JSON.parse((await cli(dir, runArgs('true', 'hello'), ENV)).out);
    const r = await cli(dir, runArgs('true', '--from', plain.logPath, 'go'), ENV);
    assert.deepEqual(
      [r.code, r.err],
      [1, `agent-checklist: cannot hand on the plan of session ${plain.sessionId}: the session has no plan to hand on`],
    );
    assert.deepEqual(
      fs.readdirSync(path.join(dir, 's')).filter((f) => f.endsWith('.jsonl')),
      [path.basename(plain.logPath)],
    );
    const both = await cli(dir, runArgs('true', '--from', plain.logPath, '--session', plain.sessionId, 'go'), ENV);
    assert.equal(both.code, 2);
  });
});
