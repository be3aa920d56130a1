// The host's side of the board's worker thread (board-worker.ts): started at the first
// job, each job a request with an id answered once, ended on dispose (a job still
// running then is rejected). Every job has a deadline (DEADLINES: a read or a file
// shown, a fetch): past it the thread is ended, its jobs rejected, and the next job
// starts a new one, so a read that never ends (a hung git, a huge folder) never
// leaves the board waiting; the host only waits and takes the reply. Why a worker and
// not `dist/cli.js board`: the same code, with the window's stall setting and its
// catalog's tools that ask approval, and no process started for each read.
import type { Worker } from 'node:worker_threads';
import type { Disposable } from '../disposable';
import { startWorker } from '../worker-start';
import type { BoardCard } from './board-card';
import { boardReplySchema, type BoardJob, type BoardReply } from './board-jobs';

type Pending = { resolve: (reply: BoardReply) => void; reject: (error: Error) => void };

/** How long a job may take, by kind (ms). */
const DEADLINES: Readonly<Record<BoardJob['kind'], number>> = { read: 30_000, show: 30_000, fetch: 300_000 };

export class BoardThread implements Disposable {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `deadlines`: other deadlines than DEADLINES (ms), by job kind. */
  constructor(private readonly deadlines: Partial<Record<BoardJob['kind'], number>> = {}) {}

  async read(job: Extract<BoardJob, { kind: 'read' }>): Promise<BoardCard[]> {
    return (await this.run(job)).cards ?? [];
  }

  async fetch(folder: string): Promise<void> {
    await this.run({ kind: 'fetch', folder });
  }

  /** A branch's plan file, control characters made visible. */
  async show(folder: string, ref: string, path: string): Promise<string> {
    return (await this.run({ kind: 'show', folder, ref, path })).text ?? '';
  }

  private async run(job: BoardJob): Promise<BoardReply> {
    const worker = this.started();
    const id = this.nextId++;
    const ms = this.deadlines[job.kind] ?? DEADLINES[job.kind];
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reply = await new Promise<BoardReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, job });
      timer = setTimeout(() => {
        void worker.terminate();
        if (this.worker === worker) this.fail(`the board's ${job.kind} took longer than ${String(ms / 1000)} s`);
      }, ms);
    }).finally(() => clearTimeout(timer));
    if (reply.error !== undefined) throw new Error(reply.error);
    return reply;
  }

  private started(): Worker {
    if (this.worker !== null) return this.worker;
    const worker = startWorker(__dirname, 'board-worker');
    worker.unref();
    worker.on('message', (raw: unknown) => {
      const reply = boardReplySchema.safeParse(raw);
      if (!reply.success) return;
      this.pending.get(reply.data.id)?.resolve(reply.data);
      this.pending.delete(reply.data.id);
    });
    worker.on('error', (error) => this.fail(`the board's thread stopped: ${error.message}`));
    this.worker = worker;
    return worker;
  }

  private fail(message: string): void {
    for (const { reject } of this.pending.values()) reject(new Error(message));
    this.pending.clear();
    this.worker = null;
  }

  dispose(): void {
    void this.worker?.terminate();
    this.fail('the board closed');
  }
}
