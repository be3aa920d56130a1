// The worker thread that runs ShadowGit's git processes (git-thread.ts starts it): the
// fork of each child and the gathering of its output are never on the event loop of the
// extension host or the CLI. Its own bundle, dist/git-worker.js (scripts/lazy-bundles.mjs).
import { spawn } from 'node:child_process';
import { parentPort, type MessagePort } from 'node:worker_threads';
import { gitRunSchema, runIdSchema, type GitReply, type GitRun } from './git-runs';

function run(port: MessagePort, { id, file, args, cwd, env, input }: GitRun): void {
  let settled = false;
  const reply = (message: GitReply, transfer: ArrayBuffer[] = []): void => {
    if (settled) return;
    settled = true;
    port.postMessage(message, transfer);
  };
  const child = spawn(file, args, { cwd, env, stdio: ['pipe', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  child.on('error', (error) => reply({ id, startError: error.message }));
  child.on('close', (code) => {
    // Its own ArrayBuffer (not Buffer's shared pool), so that it can be transferred.
    const stdout = new Uint8Array(out.reduce((size, chunk) => size + chunk.length, 0));
    let at = 0;
    for (const chunk of out) {
      stdout.set(chunk, at);
      at += chunk.length;
    }
    reply({ id, code: code ?? -1, stdout, stderr: Buffer.concat(err).toString('utf8') }, [stdout.buffer]);
  });
  child.stdin.on('error', () => {});
  child.stdin.end(input);
}

const port = parentPort;
if (port !== null) {
  port.on('message', (raw: unknown) => {
    const asked = gitRunSchema.safeParse(raw);
    if (asked.success) return run(port, asked.data);
    const id = runIdSchema.safeParse(raw);
    if (id.success)
      port.postMessage({
        id: id.data.id,
        startError: `not a git run: ${asked.error.issues[0]?.message ?? 'invalid'}`,
      } satisfies GitReply);
  });
}
