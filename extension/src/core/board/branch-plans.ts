// The plan file on every local branch (refs/heads) and every remote-tracking branch
// (refs/remotes) of a repository, as cards: the refs in one `git for-each-ref`, the
// files in ONE `git cat-file --batch` (`<commit>:<path>` each), no checkout and no
// change to the work tree. The file is someone else's text: at most MAX_BYTES kept
// (larger: unreadable, "too large"), binary (a NUL byte) unreadable, read as the plan
// file is (our checklist, or spec-kit's or Kiro's tasks.md: plan/task-files/), nothing
// in it followed or run. A branch without the file has no card. Its agent is its last
// commit's author, its time that commit's date.
import { readPlanFile } from '../plan/task-files/plan-file-format';
import { boardCard, type BoardCard } from './board-card';
import { runGit, gitOutput } from './branch-git';
import { CatFileBatchReader, type BatchAnswer } from './cat-file-batch';
import type { CardClock } from './session-card';
import { planCounts, planState } from './state-rules';

export const MAX_PLAN_FILE_BYTES = 256 * 1024;
/** A name or author longer than this is cut (it is shown on one line). */
const MAX_FIELD = 200;

interface BranchRef {
  /** The full ref name (`refs/heads/main`). */
  ref: string;
  /** `main`, `origin/feature`. */
  branch: string;
  commit: string;
  author: string;
  /** The commit's date, ISO. */
  date: string;
}

const FORMAT = [
  '%(refname)',
  '%(objectname)',
  '%(objecttype)',
  '%(symref)',
  '%(authorname)',
  '%(committerdate:iso-strict)',
];

/** The repository's branches and remote-tracking branches (symbolic refs such as `origin/HEAD` left out). */
async function listBranches(repo: string, gitBinary?: string): Promise<BranchRef[]> {
  const out = await gitOutput(
    repo,
    ['for-each-ref', `--format=${FORMAT.join('%00')}`, 'refs/heads', 'refs/remotes'],
    gitBinary,
  );
  const refs: BranchRef[] = [];
  for (const line of out.split('\n')) {
    const [ref, commit, type, symref, author, date] = line.split('\0');
    if (ref === undefined || commit === undefined || type !== 'commit' || symref !== '') continue;
    const branch = ref.replace(/^refs\/(heads|remotes)\//, '');
    refs.push({ ref, branch, commit, author: cut(author ?? ''), date: isoDate(date ?? '') });
  }
  return refs;
}

/** Each branch's plan file `planPath` as a card (branches without it have none). */
export async function readBranchPlans(
  repo: string,
  planPath: string,
  clock: CardClock,
  gitBinary?: string,
): Promise<BoardCard[]> {
  const refs = await listBranches(repo, gitBinary);
  if (refs.length === 0) return [];
  const batch = new CatFileBatchReader(MAX_PLAN_FILE_BYTES);
  const input = refs.map((r) => `${r.commit}:${planPath}\n`).join('');
  const run = await runGit(repo, ['cat-file', '--batch'], input, (chunk) => batch.push(chunk), gitBinary);
  if (run.code !== 0) throw new Error(`git cat-file failed (exit ${String(run.code)}): ${run.stderr}`);
  const cards: BoardCard[] = [];
  refs.forEach((ref, index) => {
    const answer = batch.answers[index];
    if (answer !== undefined && answer.kind !== 'missing') cards.push(branchCard(ref, planPath, answer, clock));
  });
  return cards;
}

function branchCard(
  ref: BranchRef,
  planPath: string,
  answer: Extract<BatchAnswer, { kind: 'object' }>,
  clock: CardClock,
): BoardCard {
  const base = { source: 'branch', agent: ref.author, id: ref.ref, title: ref.branch, updatedAt: ref.date } as const;
  const where = { branch: ref.branch, path: planPath };
  const read = planOf(answer);
  if (!read.ok)
    return boardCard({
      ...base,
      state: 'unreadable',
      completed: 0,
      total: 0,
      active: null,
      ...where,
      reason: read.why,
    });
  const facts = { plan: read.todos, proposalWaits: false, approvalWaits: false, turnOpen: null, lastActivity: null };
  return boardCard({
    ...base,
    state: planState({ ...facts, flagged: false }, clock.nowMs, clock.stallMinutes),
    ...planCounts(read.todos, false),
    ...where,
  });
}

function planOf(answer: Extract<BatchAnswer, { kind: 'object' }>) {
  if (answer.type !== 'blob') return { ok: false, why: 'not a file' } as const;
  if (answer.content === null) return { ok: false, why: `too large (${answer.size} bytes)` } as const;
  if (answer.content.includes(0)) return { ok: false, why: 'binary' } as const;
  const read = readPlanFile(answer.content.toString('utf8'), null);
  if (!read.ok) return { ok: false, why: read.message } as const;
  return { ok: true, todos: read.todos ?? [] } as const;
}

function cut(text: string): string {
  return text.length <= MAX_FIELD ? text : `${text.slice(0, MAX_FIELD - 1)}…`;
}

function isoDate(text: string): string {
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? new Date(0).toISOString() : new Date(ms).toISOString();
}
