// `run --session <id> --all` against a model on 127.0.0.1 that answers each turn by the
// item its prompt names ("Work on item N of the plan now: <text>"): it lists the files,
// then marks the item completed; an item whose text starts with "fake" is marked
// completed with no work (flagged: no-work); one starting with "stall" is left in
// progress; working on "one" also adds "five" to the plan. The session is a plan file
// imported with `import`.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { sse } from '../providers/loopback-server';
import { textStep, toolCallStep } from '../providers/openai-wire';
import { tempDir } from '../support/sessions';

type Message = { role: string; content: unknown };

/** The model's next step for a request: by the item its turn's prompt names and how far the turn got. */
function answer(messages: Message[]): string {
  const isPrompt = (m: Message): boolean => typeof m.content === 'string' && m.content.startsWith('Work on item');
  const prompt = messages.length - 1 - [...messages].reverse().findIndex(isPrompt);
  const text = messages[prompt]!.content as string;
  const content = /^Work on item \d+ of the plan now: (.*)$/m.exec(text)![1]!;
  const plan = [...text.matchAll(/^\d+\. \[(\w+)\] (.*)$/gm)].map((m) => ({ content: m[2]!, status: m[1]! }));
  const calls = messages.slice(prompt).filter((m) => m.role === 'tool').length;
  const done = plan.map((t) => (t.content === content ? { ...t, status: 'completed' } : t));
  if (content.startsWith('one')) done.push({ content: 'five', status: 'pending' });
  const write = toolCallStep(`w${calls}`, 'todo_write', [JSON.stringify({ todos: done })]);
  if (content.startsWith('stall')) return textStep('Not now.');
  if (content.startsWith('fake')) return calls === 0 ? write : textStep('Done.');
  if (calls === 0) return toolCallStep('l0', 'list_files', ['{}']);
  return calls === 1 ? write : textStep('Done.');
}

let server: http.Server;
let url = '';
before(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { messages: Message[] };
      const reply = sse(answer(body.messages));
      res.writeHead(200, reply.headers).end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
after(() => server.close());

async function cli(dir: string, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { LOOPBACK_KEY: '' };
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: dir };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function runAll(items: string[], json = true) {
  const dir = tempDir('run-all-');
  fs.writeFileSync(path.join(dir, 'PLAN.md'), items.map((t) => `- [ ] ${t}\n`).join(''));
  const imported = await cli(dir, ['import', 'PLAN.md', '--session-dir', 's']);
  assert.equal(imported.code, 0, imported.err);
  const session = path.basename(imported.out.split('\n').at(-1)!, '.jsonl');
  const model = ['--provider', 'openai', '--base-url', url, '--model', 'm', '--api-key-env', 'LOOPBACK_KEY'];
  const flags = [
    '--session-dir',
    's',
    '--checkpoints',
    'off',
    '--verify-completion',
    'off',
    '--yes',
    '--allow-parallel-in-progress',
    'false',
  ];
  const r = await cli(dir, ['run', '--session', session, '--all', ...model, ...flags, ...(json ? ['--json'] : [])]);
  return {
    ...r,
    json: json ? (JSON.parse(r.out) as { items: { n: number; content: string; outcome: string }[] }) : null,
  };
}

describe('run --all', () => {
  it('runs every pending item in turn, and the items added meanwhile: exit 0', async () => {
    const r = await runAll(['one', 'two']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(r.json, {
      items: [
        { n: 1, content: 'one', outcome: 'completed' },
        { n: 2, content: 'two', outcome: 'completed' },
        { n: 3, content: 'five', outcome: 'completed' },
      ],
    });
  });

  it('an item waits for the items its (after …) names', async () => {
    const r = await runAll(['one (after 2)', 'two']);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(
      r.json?.items.map((i) => [i.n, i.content]),
      [
        [2, 'two'],
        [1, 'one'],
        [3, 'five'],
      ],
    );
  });

  it('stops at a flagged item, saying why; the rest not run: exit 1', async () => {
    const r = await runAll(['two', 'fake three', 'four']);
    assert.equal(r.code, 1);
    assert.deepEqual(r.json, {
      items: [
        { n: 1, content: 'two', outcome: 'completed' },
        { n: 2, content: 'fake three', outcome: 'flagged', flag: { reason: 'no-work' } },
        { n: 3, content: 'four', outcome: 'not-run' },
      ],
    });
    assert.match(r.err, /stopped at item 2 \(fake three\): the item is flagged/);
  });

  it('an item its turn leaves unfinished fails the run; text lists each outcome', async () => {
    const r = await runAll(['stall two', 'four'], false);
    assert.equal(r.code, 1, r.err);
    assert.match(r.err, /stopped at item 1 \(stall two\): the item is in_progress after its turn/);
    assert.deepEqual(r.out.split('\n').slice(-2), ['1. failed: stall two', '2. not-run: four']);
  });

  it('needs --session, and takes no --item: exit 2', async () => {
    const dir = tempDir('run-all-');
    assert.equal((await cli(dir, ['run', '--all', '--session-dir', 's'])).code, 2);
    const both = await cli(dir, ['run', '--session', 'x', '--all', '--item', '1', '--session-dir', 's']);
    assert.deepEqual([both.code, /give --all or --item/.test(both.err)], [2, true]);
  });
});
