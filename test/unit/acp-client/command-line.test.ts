// The --agent-command splitter: words as a POSIX shell splits them, nothing expanded;
// and its inverse, the line bash runs an ACP terminal's command and args as.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import {
  CommandLineError,
  joinCommandLine,
  splitCommandLine,
} from '../../../extension/src/core/acp-client/command-line';

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

describe('joinCommandLine', () => {
  const words = [
    'printf',
    '%s|',
    'plain',
    'two words',
    `it's`,
    '',
    '$HOME',
    '`id`',
    '*',
    'a\nb',
    'X=1',
    '~',
    '"q"',
    '\\',
  ];

  it('plain words stay unquoted, the rest single-quoted', () => {
    assert.equal(
      joinCommandLine(['git', 'log', '--format=%H', 'a b', `it's`, '']),
      `git log '--format=%H' 'a b' 'it'\\''s' ''`,
    );
  });

  it('splitCommandLine gives the words back', () => assert.deepEqual(splitCommandLine(joinCommandLine(words)), words));

  it('bash runs the program with exactly those arguments, nothing expanded', () => {
    const run = spawnSync('bash', ['-c', joinCommandLine(words)], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: '/nowhere' },
    });
    assert.equal(run.stdout, `${words.slice(2).join('|')}|`);
  });

  it('a first word with = is a program name, not an assignment', () => {
    const run = spawnSync('bash', ['-c', joinCommandLine(['X=1', 'arg'])], { encoding: 'utf8' });
    assert.match(run.stderr, /X=1: command not found/);
  });
});
