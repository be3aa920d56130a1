// Markdown parsed off the host's event loop. One worker thread (markdown-worker.ts)
// parses answers one at a time, in the order asked; each parse has a deadline
// (PARSE_DEADLINE_MS plus PARSE_MS_PER_CHAR for each character of the answer, of the
// worker thread's CPU time from when it starts the parse, thread-cpu.ts: micromark is
// linear but not fast, so a long ordinary answer needs time in proportion to its
// length; the super-linear answers pass any such line by far), and at most WALL_LIMIT
// times that in wall-clock time while the thread
// waits for a busy machine's cores; wall-clock time where the CPU time cannot be
// read): past it the worker is terminated
// and a fresh one started (the next answer is not queued behind the stuck parse), and
// the answer is `plain`: the webview shows its text as plain text with a note.
// Whatever the text, the host's own work per answer is a hash and a structured-clone
// of the tree: linear. Trees are kept in a small LRU cache keyed by the text's hash,
// so reopening a session does not parse its answers again.
//
// The worker's entry is dist/markdown-worker.js beside the main bundle (LAZY_MODULES in
// scripts/build.mjs); under tsx (unit tests, bench) this module is TypeScript and the
// worker loads markdown-worker.ts through tsx.
import { createHash } from 'node:crypto';
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-start';
import * as z from 'zod/mini';
import { mdBlockSchema, type AnswerMarkdown } from '../protocol/markdown-schema';
import { threadCpuMs } from './thread-cpu';

const PARSE_DEADLINE_MS = 250;
/** Each character adds this to a parse's deadline (several times what ordinary Markdown needs). */
const PARSE_MS_PER_CHAR = 0.04;
/** A parse may take this many times its deadline in wall-clock time while its thread waits for a core. */
const WALL_LIMIT = 20;
/** The shortest wait before the deadline is looked at again (the CPU clock moves in 10 ms steps). */
const RECHECK_MS = 20;
const CACHE_SIZE = 200;

const replySchema = z.union([
  z.strictObject({ ready: z.literal(true), tid: z.nullable(z.number()) }),
  z.strictObject({ id: z.number(), tree: z.array(mdBlockSchema) }),
]);

/** An answer's tree, or `plain` when its parse passed the deadline (or the parser could not run). */
export type ParsedMarkdown = Exclude<AnswerMarkdown, { kind: 'pending' }>;
const PLAIN: ParsedMarkdown = { kind: 'plain' };

interface Job {
  id: number;
  text: string;
  key: string;
  resolve: (parsed: ParsedMarkdown) => void;
  /** When the worker was handed the parse: wall-clock ms, and its thread's CPU ms (null: not readable). */
  started: number;
  cpuAtStart: number | null;
  /** This parse's deadline: ms of the worker's CPU time. */
  budget: number;
}

/** The worker: the bundle beside this one, or under tsx its TypeScript entry. */
const newWorker = (): Worker => startWorker(__dirname, 'markdown-worker');

export class MarkdownParser {
  private readonly cache = new Map<string, ParsedMarkdown>();
  private readonly queue: Job[] = [];
  private readonly waiting = new Map<string, Promise<ParsedMarkdown>>();
  private worker: Worker | null = null;
  private ready = false;
  /** The worker's thread id, for its CPU time (null: not readable here). */
  private tid: number | null = null;
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;
  private nextId = 1;

  constructor(private readonly deadlineMs = PARSE_DEADLINE_MS) {}

  /** The tree already parsed for `text`, if any (synchronous: for a pure presenter). */
  cached(text: string): ParsedMarkdown | undefined {
    const key = keyOf(text);
    const hit = this.cache.get(key);
    if (hit) this.remember(key, hit); // most recently used
    return hit;
  }

  /** `text`'s tree, parsed in the worker (or `plain` past the deadline). */
  parse(text: string): Promise<ParsedMarkdown> {
    const key = keyOf(text);
    const hit = this.cache.get(key);
    if (hit) return Promise.resolve(hit);
    const pending = this.waiting.get(key);
    if (pending) return pending;
    const promise = new Promise<ParsedMarkdown>((resolve) =>
      this.queue.push({
        id: this.nextId++,
        text,
        key,
        resolve,
        started: 0,
        cpuAtStart: null,
        budget: this.deadlineMs + text.length * PARSE_MS_PER_CHAR,
      }),
    );
    this.waiting.set(key, promise);
    this.pump();
    return promise;
  }

  /** Stops the worker (deactivation); queued parses resolve as `plain`. */
  async dispose(): Promise<void> {
    for (const job of this.queue.splice(0)) this.finish(job, PLAIN);
    if (this.current) this.finish(this.current, PLAIN);
    this.clearTimer();
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private pump(): void {
    if (this.current || this.queue.length === 0) return;
    const worker = this.worker ?? this.start();
    if (!this.ready) return;
    const job = this.queue.shift();
    if (!job) return;
    this.current = job;
    job.started = performance.now();
    job.cpuAtStart = this.cpuMs();
    this.timer = setTimeout(() => this.timeout(job), job.budget);
    worker.postMessage({ id: job.id, text: job.text });
  }

  private start(): Worker {
    const worker = newWorker();
    this.worker = worker;
    this.ready = false;
    worker.unref(); // an idle parser never keeps the process alive
    worker.on('message', (message: unknown) => {
      if (worker !== this.worker) return;
      const reply = replySchema.parse(message);
      if ('ready' in reply) {
        this.ready = true;
        this.tid = reply.tid;
      } else if (this.current && reply.id === this.current.id) {
        this.clearTimer();
        this.finish(this.current, { kind: 'parsed', blocks: reply.tree });
      }
      this.pump();
    });
    worker.on('error', () => this.restart());
    worker.on('exit', () => {
      if (worker === this.worker) this.restart();
    });
    return worker;
  }

  private timeout(job: Job): void {
    if (this.current !== job) return;
    const cpu = this.cpuMs();
    const used = cpu === null || job.cpuAtStart === null ? null : cpu - job.cpuAtStart;
    if (used !== null && used < job.budget && performance.now() - job.started < job.budget * WALL_LIMIT) {
      // it waited for a core: not its time yet
      this.timer = setTimeout(() => this.timeout(job), Math.max(RECHECK_MS, job.budget - used));
      return;
    }
    this.finish(job, PLAIN);
    this.restart();
  }

  /** Drops the worker (stuck or dead): its parse, if any, is `plain`; the next parse starts a new one. */
  private restart(): void {
    this.clearTimer();
    if (this.current) this.finish(this.current, PLAIN);
    // A worker that died before it was ready cannot parse: what waits is `plain` (no restart loop).
    if (!this.ready) for (const job of this.queue.splice(0)) this.finish(job, PLAIN);
    const worker = this.worker;
    this.worker = null;
    this.ready = false;
    this.tid = null;
    if (worker) void worker.terminate();
    this.pump();
  }

  private finish(job: Job, parsed: ParsedMarkdown): void {
    if (this.current === job) this.current = null;
    this.waiting.delete(job.key);
    this.remember(job.key, parsed);
    job.resolve(parsed);
  }

  private remember(key: string, parsed: ParsedMarkdown): void {
    this.cache.delete(key);
    this.cache.set(key, parsed);
    for (const oldest of this.cache.keys()) {
      if (this.cache.size <= CACHE_SIZE) break;
      this.cache.delete(oldest);
    }
  }

  private cpuMs(): number | null {
    return this.tid === null ? null : threadCpuMs(this.tid);
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

function keyOf(text: string): string {
  return createHash('sha256').update(text).digest('base64');
}
