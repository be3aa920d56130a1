// The messages between the host and the agent follower's worker thread
// (agent-follow-thread.ts, agent-follow-worker.ts): what to follow, and what the
// followers report. Their own module, so that the host's side of the thread loads
// without the followers and their readers (those run in the worker).
import * as z from 'zod/mini';

/** What to follow: the boundary of the follower's worker thread (validated there). */
export const followConfigSchema = z.object({
  /** The workspace folders whose agents' sessions are followed (absolute paths). */
  folders: z.readonly(z.array(z.string())),
  /** The ids of the agents followed (followed-agents.ts; an id the follower does not know is passed over). */
  agents: z.readonly(z.array(z.string())),
  /** Each agent's home by id (followed-agents.ts `agentHomes`); an agent without one is not followed. */
  homes: z.record(z.string(), z.string()),
  /** Where our logs of the followed sessions are written. */
  sessionDir: z.string(),
});
export type FollowConfig = z.infer<typeof followConfigSchema>;

/** What the followers tell their host: a log written or updated, or a file that could not be followed. */
export const followReportSchema = z.union([
  z.object({ kind: z.literal('wrote'), logPath: z.string(), file: z.string(), versions: z.number() }),
  z.object({ kind: z.literal('problem'), file: z.string(), message: z.string() }),
]);
export type FollowReport = z.infer<typeof followReportSchema>;
