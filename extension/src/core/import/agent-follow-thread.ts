// The host's side of the agent follower's worker thread: started at the first
// configuration that follows something, told each new configuration, ended on dispose.
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../worker-start';
import type { Disposable } from '../disposable';
import { followReportSchema, type FollowConfig, type FollowReport } from './follow-messages';

/** The worker: the bundle beside this one, or under tsx its TypeScript entry. */
const newWorker = (): Worker => startWorker(__dirname, 'agent-follow-worker');

export class AgentFollowThread implements Disposable {
  private worker: Worker | null = null;

  constructor(private readonly onReport: (report: FollowReport) => void) {}

  configure(config: FollowConfig): void {
    const idle = config.agents.length === 0 || config.folders.length === 0;
    if (idle && this.worker === null) return;
    if (this.worker === null) {
      const worker = newWorker();
      worker.unref();
      // A report already on its way when the thread is disposed is dropped: its listener (a log channel) may be gone.
      worker.on('message', (raw: unknown) => {
        const report = followReportSchema.safeParse(raw);
        if (report.success && this.worker === worker) this.onReport(report.data);
      });
      worker.on('error', (error) => {
        if (this.worker === worker)
          this.onReport({ kind: 'problem', file: '', message: `the follower stopped: ${error.message}` });
      });
      this.worker = worker;
    }
    this.worker.postMessage(config);
  }

  dispose(): void {
    void this.worker?.terminate();
    this.worker = null;
  }
}
