// The approval prompt on a real terminal: the real CLI runs under a pseudo-terminal
// (python3's pty module drives it), a scripted model asks to run a command that hides
// its first half behind ESC[2K (erase the line) and CR, and the user answers.
// The screen must show the whole command with its controls visible, and the answer
// must apply to exactly that command.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { tempDir } from '../support/sessions';

const root = path.resolve(__dirname, '../../..');

// Runs argv[2:] on a pty, answers argv[1] + Enter at the first approval question,
// prints everything the terminal received, exits with the child's exit code.
const DRIVER = `
import os, pty, sys, select
answer = sys.argv[1].encode()
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
screen = b''
sent = False
while True:
    ready, _, _ = select.select([fd], [], [], 120)
    if not ready:
        break
    try:
        chunk = os.read(fd, 65536)
    except OSError:
        break
    if not chunk:
        break
    screen += chunk
    if not sent and b'[N]o: ' in screen:
        os.write(fd, answer + b'\\r')
        sent = True
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(screen)
sys.exit(os.waitstatus_to_exitcode(status))
`;

const HIDDEN = 'touch X #\u001b[2K\r$ ls -la';

function runOnPty(answer: string) {
  const dir = tempDir('agent-checklist-pty-');
  const script = { responses: [{ toolCalls: [{ name: 'bash', arguments: { command: HIDDEN } }] }, { text: 'done \u001b]52;c;ZXZpbA==\u0007' }] };
  fs.writeFileSync(path.join(dir, 's.json'), JSON.stringify(script));
  const cli = [path.join(root, 'node_modules/.bin/tsx'), path.join(root, 'extension/src/cli/main.ts')];
  const args = ['run', '--script', 's.json', '--tools', 'bash', '--session-dir', 'logs', '--allow-parallel-in-progress', 'true', 'go'];
  const r = spawnSync('python3', ['-c', DRIVER, answer, ...cli, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH, TERM: 'xterm' } });
  assert.equal(r.error, undefined, 'python3 runs the pty driver');
  return { dir, code: r.status, screen: r.stdout, err: r.stderr };
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
