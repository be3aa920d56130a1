// The Markdown parser is loaded at the first answer presented, not before: a folder
// catching up on a session already under way (activation restoring the latest
// session, a subagent child starting) parses no answer and loads no parser, and the
// first answer it then presents has its tree. Each case runs in a fresh Node process,
// since the parser, once loaded, stays loaded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../..');
const TRANSCRIPT = path.join(root, 'extension/src/core/protocol/transcript.ts');
const SESSION = path.join(root, 'extension/src/core/session/session.ts');
const HEADER = path.join(root, 'extension/src/core/session/header.ts');
const PARSER = path.join(root, 'extension/src/core/markdown/markdown-tree.ts');

/** Runs `body` (CommonJS, under tsx) in a fresh Node with a session of two answered turns; returns what it prints as JSON. */
function inFreshNode(body: string): unknown {
  const script = `
const { TranscriptFolder } = require(${JSON.stringify(TRANSCRIPT)});
const { Session } = require(${JSON.stringify(SESSION)});
const { makeHeader } = require(${JSON.stringify(HEADER)});
const loaded = () => Object.keys(require.cache).includes(${JSON.stringify(PARSER)});
const session = new Session(makeHeader({ id: 's' }));
const answer = (turn, text, call) => {
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: 'go' } });
  session.append('step/start', { turn, step: 1 });
  const content = [{ type: 'text', text }, ...(call ? [{ type: 'tool-call', id: call, name: 'todo_write', arguments: '{}' }] : [])];
  session.append('assistant/message', { turn, step: 1, message: { content }, model: { provider: 'p', model: 'm' } });
};
${body}`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return JSON.parse(run.stdout);
}

describe('the Markdown parser, loaded at the first answer', () => {
  it('is not loaded by catching up on a session with answers; the next answer presented loads it and has its tree', () => {
    const out = inFreshNode(`
answer(1, '**old** answer', 'c1');
const folder = new TranscriptFolder();
folder.catchUp(session.events);
const before = loaded();
session.append('tool/call', { turn: 1, step: 1, callId: 'c1', name: 'todo_write', arguments: '{}' });
const call = folder.apply(session.events[session.events.length - 1]);
const afterCall = loaded();
for (const e of [
  session.append('tool/result', { turn: 1, step: 1, callId: 'c1', isError: false, content: 'ok' }),
  session.append('step/end', { turn: 1, step: 1 }),
  session.append('turn/end', { turn: 1, reason: { kind: 'completed' } }),
]) folder.apply(e);
answer(2, 'the *new* one');
for (const e of session.events.slice(-4, -1)) folder.apply(e);
const items = folder.apply(session.events[session.events.length - 1]);
console.log(JSON.stringify({ before, callName: call[0].name, callStatus: call[0].status, afterCall, items, after: loaded() }));`);
    assert.deepEqual(out, {
      before: false,
      callName: 'todo_write',
      callStatus: 'running',
      afterCall: false,
      items: [{ kind: 'assistant', id: 'e12', order: 12 * 1024, turn: 2, step: 1, text: 'the *new* one', reasoning: '', markdown: [{ t: 'p', c: [{ t: 'text', v: 'the ' }, { t: 'em', c: [{ t: 'text', v: 'new' }] }, { t: 'text', v: ' one' }] }] }],
      after: true,
    });
  });

  it('a folder that presents from the start (a page of the log) loads it at its first answer', () => {
    const out = inFreshNode(`
answer(1, '# Title');
const folder = new TranscriptFolder();
const events = session.events;
const early = events.slice(0, -1).flatMap((e) => folder.apply(e)).map((i) => i.kind);
const before = loaded();
const items = folder.apply(events[events.length - 1]);
console.log(JSON.stringify({ early, before, markdown: items[0].markdown, after: loaded() }));`);
    assert.deepEqual(out, { early: ['user'], before: false, markdown: [{ t: 'h', level: 1, c: [{ t: 'text', v: 'Title' }] }], after: true });
  });
});
