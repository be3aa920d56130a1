// The messages between ShadowGit (shadow-git.ts, through git-thread.ts) and the thread
// that runs its git processes (git-worker.ts): one run asked, one reply per run. Both
// sides validate what they receive. A reply's stdout is transferred, not copied.
import * as z from 'zod/mini';

/** One git process: the program, its whole command line, folder, environment and standard input. */
export const gitRunSchema = z.strictObject({
  id: z.number(),
  file: z.string(),
  args: z.array(z.string()),
  cwd: z.string(),
  env: z.record(z.string(), z.string()),
  input: z.union([z.string(), z.instanceof(Uint8Array)]),
});
export type GitRun = z.infer<typeof gitRunSchema>;

/** The process's exit code (-1 when a signal ended it) and output, or why it could not be started. */
export const gitReplySchema = z.union([
  z.strictObject({ id: z.number(), code: z.number(), stdout: z.instanceof(Uint8Array), stderr: z.string() }),
  z.strictObject({ id: z.number(), startError: z.string() }),
]);
export type GitReply = z.infer<typeof gitReplySchema>;

/** The id of a message that is not what it should be, to answer it anyway. */
export const runIdSchema = z.object({ id: z.number() });
