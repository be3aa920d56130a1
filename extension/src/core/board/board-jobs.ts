// What the board's worker thread (board-worker.ts) does for the editor, and the
// messages both sides exchange (zod/mini: a thread boundary is validated like any
// other): read every card (board.ts), run `git fetch --all --prune`, and read one
// branch's plan file (`git show <ref>:<path>`, at most MAX_PLAN_FILE_BYTES, control
// characters made visible: someone else's text). Git runs as branch-git.ts runs it;
// the fetch with the user's own config (branch-fetch.ts).
import * as z from 'zod/mini';
import { agentHomes } from '../import/followed-agents';
import { visibleControls } from '../terminal-text';
import { boardCardSchema, type BoardCard } from './board-card';
import { readBoard } from './board';
import { runGit } from './branch-git';
import { fetchAll } from './branch-fetch';
import { MAX_PLAN_FILE_BYTES } from './branch-plans';

const jobSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('read'),
    sessionDirs: z.array(z.string()),
    folder: z.optional(z.string()),
    planFile: z.optional(z.string()),
    nowMs: z.number(),
    stallMinutes: z.number(),
    /** The tools whose calls wait for the user's approval (the host's catalog, with other extensions' tools). */
    approvalTools: z.array(z.string()),
  }),
  z.strictObject({ kind: z.literal('fetch'), folder: z.string() }),
  z.strictObject({ kind: z.literal('show'), folder: z.string(), ref: z.string(), path: z.string() }),
]);
export type BoardJob = z.infer<typeof jobSchema>;

export const boardRequestSchema = z.strictObject({ id: z.number(), job: jobSchema });

export const boardReplySchema = z.strictObject({
  id: z.number(),
  cards: z.optional(z.array(boardCardSchema)),
  text: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type BoardReply = z.infer<typeof boardReplySchema>;

export async function runBoardJob(job: BoardJob): Promise<Omit<BoardReply, 'id'>> {
  switch (job.kind) {
    case 'read':
      return { cards: await readCards(job) };
    case 'fetch':
      await fetchAll(job.folder);
      return {};
    case 'show':
      return { text: await showFile(job.folder, job.ref, job.path) };
  }
}

function readCards(job: Extract<BoardJob, { kind: 'read' }>): Promise<BoardCard[]> {
  const asks = new Set(job.approvalTools);
  return readBoard(
    {
      sessionDirs: job.sessionDirs,
      ...(job.folder === undefined ? {} : { folder: job.folder, homes: agentHomes(process.env) }),
      ...(job.planFile === undefined ? {} : { planFile: job.planFile }),
    },
    { nowMs: job.nowMs, stallMinutes: job.stallMinutes, asksApproval: (tool) => asks.has(tool) },
  );
}

/** The file `path` as it is on `ref`: a ref name git must know as one (never an option, never a revision range). */
async function showFile(folder: string, ref: string, file: string): Promise<string> {
  if (!/^refs\/(heads|remotes)\/[^\s:~^?*[\\]+$/.test(ref) || ref.includes('..'))
    throw new Error(`not a branch: ${ref}`);
  const chunks: Buffer[] = [];
  let size = 0;
  const run = await runGit(folder, ['cat-file', 'blob', `${ref}:${file}`], '', (chunk) => {
    if (size <= MAX_PLAN_FILE_BYTES) chunks.push(chunk);
    size += chunk.length;
  });
  if (run.code !== 0) throw new Error(run.stderr || `git cat-file failed (exit ${String(run.code)})`);
  if (size > MAX_PLAN_FILE_BYTES) throw new Error('too large');
  return visibleControls(Buffer.concat(chunks).toString('utf8'));
}
