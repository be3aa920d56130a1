// The --agent-command splitter: words as a POSIX shell splits them, nothing expanded.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CommandLineError, splitCommandLine } from '../../../extension/src/core/acp-client/command-line';

describe('splitCommandLine', () => {
  const cases: [string, string[]][] = [
    ['gemini --acp', ['gemini', '--acp']],
    ['  opencode \t acp  ', ['opencode', 'acp']],
    [`node '/path with spaces/agent.js' --flag`, ['node', '/path with spaces/agent.js', '--flag']],
    [`agent "a \\"quoted\\" word" x`, ['agent', 'a "quoted" word', 'x']],
    [`agent "keeps \\n and \\q" 'and \\ here'`, ['agent', 'keeps \\n and \\q', 'and \\ here']],
    [`agent one\\ word`, ['agent', 'one word']],
    [`agent '' ""`, ['agent', '', '']],
    [`a'b'"c"d`, ['abcd']],
    [`agent $HOME ~ *.js`, ['agent', '$HOME', '~', '*.js']],
    [`agent "\\$HOME"`, ['agent', '$HOME']],
    ['', []],
  ];
  for (const [line, words] of cases) {
    it(`${JSON.stringify(line)} → ${JSON.stringify(words)}`, () => assert.deepEqual(splitCommandLine(line), words));
  }
  for (const bad of [`agent 'open`, `agent "open`, 'agent \\']) {
    it(`${JSON.stringify(bad)} is refused`, () => assert.throws(() => splitCommandLine(bad), CommandLineError));
  }
});
