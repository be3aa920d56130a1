// ShadowGit's side of the git worker thread (git-worker.ts): one thread per process,
// started at the first run and shared by every shadow repository. It holds the process
// open only while a run is waiting (unref'd otherwise: it never keeps a CLI alive). If the
// thread stops, what waits is rejected and the next run starts a new one.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-start';
import { gitReplySchema, runIdSchema, type GitRun } from './git-runs';
import { brandedError } from '../error-brand';

export interface GitOutput {
  code: number;
  stdout: Buffer;
  stderr: string;
}

export class GitError extends brandedError('GitError') {}

/** The worker: the bundle beside this one, or under tsx its TypeScript entry. */
const newWorker = (): Worker => startWorker(__dirname, 'git-worker');

const notStarted = (why: string): GitError =>
  new GitError(`git could not be started (${why}); install git to use checkpoints`);

interface Waiting {
  resolve: (output: GitOutput) => void;
  reject: (error: Error) => void;
}

class GitThread {
  private readonly worker = newWorker();
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;

  constructor(private readonly onStop: () => void) {
    this.worker.unref();
    this.worker.on('message', (raw: unknown) => this.settle(raw));
    this.worker.on('error', (error) => this.stop(`the git thread stopped: ${error.message}`));
    this.worker.on('exit', (code) => this.stop(`the git thread exited with code ${code}`));
  }

  run(run: Omit<GitRun, 'id'>): Promise<GitOutput> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ id, ...run } satisfies GitRun);
    });
  }

  private settle(raw: unknown): void {
    const reply = gitReplySchema.safeParse(raw);
    const id = reply.success ? reply.data.id : runIdSchema.safeParse(raw).data?.id;
    const waiting = id === undefined ? undefined : this.waiting.get(id);
    if (id === undefined || waiting === undefined) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    if (!reply.success)
      waiting.reject(
        new GitError(`the git thread's reply is not valid: ${reply.error.issues[0]?.message ?? 'invalid'}`),
      );
    else if ('startError' in reply.data) waiting.reject(notStarted(reply.data.startError));
    else {
      const { code, stdout, stderr } = reply.data;
      waiting.resolve({ code, stdout: Buffer.from(stdout.buffer, stdout.byteOffset, stdout.byteLength), stderr });
    }
  }

  private stop(why: string): void {
    this.onStop();
    for (const waiting of this.waiting.values()) waiting.reject(new GitError(why));
    this.waiting.clear();
    void this.worker.terminate();
  }
}

let thread: GitThread | null = null;

/** Runs one git process on the shared thread. */
export function runOnGitThread(run: Omit<GitRun, 'id'>): Promise<GitOutput> {
  const current = (thread ??= new GitThread(() => {
    if (thread === current) thread = null;
  }));
  return current.run(run);
}
