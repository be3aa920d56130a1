// The approval prompt on a real terminal: the real CLI runs under a pseudo-terminal
// (python3's pty module drives it), a scripted model asks to run a command that hides
// its first half behind ESC[2K (erase the line) and CR, and the user answers.
// The screen must show the whole command with its controls visible, and the answer
// must apply to exactly that command.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { onPty } from '../support/pty';
import { tempDir } from '../support/sessions';

const root = path.resolve(__dirname, '../../..');

const HIDDEN = 'touch X #\u001b[2K\r$ ls -la';

function runOnPty(answer: string) {
  const dir = tempDir('agent-checklist-pty-');
  const script = {
    responses: [
      { toolCalls: [{ name: 'bash', arguments: { command: HIDDEN } }] },
      { text: 'done \u001b]52;c;ZXZpbA==\u0007' },
    ],
  };
  fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify(script));
  const cli = [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'extension/src/cli/main.ts')];
  const args = [
    'run',
    '--script',
    's.json',
    '--tools',
    'bash',
    '--session-dir',
    'logs',
    '--allow-parallel-in-progress',
    'true',
    'go',
  ];
  return {
    dir,
    ...onPty([['[N]o: ', answer]], [...cli, ...args], { cwd: dir, env: { PATH: process.env.PATH, TERM: 'xterm' } }),
  };
}

describe('the approval prompt on a pseudo-terminal', () => {
  it('shows the hidden command whole, controls visible; No runs nothing', () => {
    const { dir, code, screen, err } = runOnPty('n');
    assert.equal(code, 0, err + screen);
    assert.ok(screen.includes('$ touch X #␛[2K\\r$ ls -la\r\n'), screen);
    assert.ok(!screen.includes('\u001b[2K'), 'the erase-line sequence never reaches the terminal');
    assert.ok(!screen.includes('\u001b]52'), 'nor does the model text’s clipboard write');
    assert.ok(screen.includes('done ␛]52;c;ZXZpbA==\\x07'), screen);
    assert.equal(fs.existsSync(path.join(dir, 'X')), false, 'refused: touch did not run');
  });

  it('Yes runs exactly the command that was shown', () => {
    const { dir, code, screen, err } = runOnPty('y');
    assert.equal(code, 0, err + screen);
    assert.ok(screen.includes('$ touch X #␛[2K\\r$ ls -la\r\n'), screen);
    assert.equal(fs.existsSync(path.join(dir, 'X')), true, 'approved: touch ran');
  });
});
