// The transcript fold runs on the host's event loop, so it never parses an answer's
// Markdown (parsing is not linear on every input: issue 20) and never loads the
// parser: every answer row is `pending` (core/markdown/answer-presenter.ts has it parsed
// in the worker). Run in a fresh Node process, so nothing else has loaded the parser.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(__dirname, '../../..');
const TRANSCRIPT = path.join(root, 'extension/src/core/presenters/transcript-folder.ts');
const SESSION = path.join(root, 'extension/src/core/session/session.ts');
const HEADER = path.join(root, 'extension/src/core/session/header.ts');
const PARSER = path.join(root, 'extension/src/core/markdown/markdown-tree.ts');

describe('the transcript fold', () => {
  it('presents answers (a hostile one too) as pending and loads no Markdown parser', () => {
    const script = `
const { transcriptFromEvents } = require(${JSON.stringify(TRANSCRIPT)});
const { Session } = require(${JSON.stringify(SESSION)});
const { makeHeader } = require(${JSON.stringify(HEADER)});
const session = new Session(makeHeader({ id: 's' }));
['# Title', '*_'.repeat(30000)].forEach((text, i) => {
  const turn = i + 1;
  session.append('turn/start', { turn });
  session.append('user/message', { turn, message: { text: 'go' } });
  session.append('step/start', { turn, step: 1 });
  session.append('assistant/message', { turn, step: 1, message: { content: [{ type: 'text', text }] }, model: { provider: 'p', model: 'm' } });
  session.append('step/end', { turn, step: 1 });
  session.append('turn/end', { turn, reason: { kind: 'completed' } });
});
const answers = transcriptFromEvents(session.events).filter((i) => i.kind === 'assistant');
console.log(JSON.stringify({ markdown: answers.map((a) => a.markdown), loaded: Object.keys(require.cache).includes(${JSON.stringify(PARSER)}) }));`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), { markdown: [{ kind: 'pending' }, { kind: 'pending' }], loaded: false });
  });
});
