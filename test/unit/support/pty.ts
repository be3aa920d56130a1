// Runs a command on a pseudo-terminal (python3's pty module) and types the user's
// answers: each step waits for its text on the screen, past the previous step's
// match, then types its answer and Enter. Returns everything the terminal received
// and the command's exit code.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';

const DRIVER = `
import json, os, pty, sys, select
steps = json.loads(sys.argv[1])
pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[2], sys.argv[2:])
screen = b''
at = 0
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
    while steps:
        found = screen.find(steps[0][0].encode(), at)
        if found < 0:
            break
        at = found + len(steps[0][0].encode())
        os.write(fd, steps.pop(0)[1].encode() + b'\\r')
_, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(screen)
sys.exit(os.waitstatus_to_exitcode(status))
`;

/** `steps`: [text to wait for, answer] in order; `command`: argv. */
export function onPty(
  steps: readonly [string, string][],
  command: readonly string[],
  options: { cwd: string; env: Record<string, string | undefined> },
): { code: number | null; screen: string; err: string } {
  const r = spawnSync('python3', ['-c', DRIVER, JSON.stringify(steps), ...command], {
    cwd: options.cwd,
    encoding: 'utf8',
    env: options.env,
  });
  assert.equal(r.error, undefined, 'python3 runs the pty driver');
  return { code: r.status, screen: r.stdout, err: r.stderr };
}
