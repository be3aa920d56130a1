// The worker thread that follows other agents' session files (agent-followers.ts): the
// first read of a long transcript, and the files of a shared folder whose first line is
// read to find their folder, never hold the extension host's event loop. Its own bundle,
// dist/agent-follow-worker.js (scripts/lazy-bundles.mjs).
import { parentPort } from 'node:worker_threads';
import { AgentFollowers } from './agent-followers';
import { followConfigSchema, type FollowReport } from './follow-messages';

const port = parentPort;
if (port !== null) {
  const followers = new AgentFollowers((report: FollowReport) => port.postMessage(report));
  port.on('message', (raw: unknown) => {
    const config = followConfigSchema.safeParse(raw);
    if (config.success) followers.configure(config.data);
    else
      port.postMessage({
        kind: 'problem',
        file: '',
        message: `not a follow configuration: ${config.error.issues[0]?.message ?? 'invalid'}`,
      } satisfies FollowReport);
  });
}
