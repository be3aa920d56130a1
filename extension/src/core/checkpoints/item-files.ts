// The files in an item's evidence: what changed between the two checkpoints its range
// compares (plan/change-range.ts evidenceEnds: an open end is the log's latest checkpoint,
// never "the workspace now", so the answer is a fact of the log and two commits).
// [] when the item changed nothing; null when that is unknown: the log has no
// checkpoint at all (checkpoints off, or an agent that takes none), no repository to
// ask, or the repository cannot answer (its commits gone, no git).
//
// The answer for a pair of commits never changes, so the host keeps it
// (EvidenceFilesCache) and reads each pair once, off the surfaces' paint.
import { withFiles, type ItemWithEvidence } from '../plan/plan-flags';
import type { ChangedFile } from '../protocol/item-evidence-view';
import { evidenceEnds, type ChangeRanges } from '../plan/change-range';
import type { ShadowRepo } from './shadow-repo';

/** Where an item's changed files are read from: a workspace's shadow repository (or a stand-in that loads it). */
export type ChangedFilesSource = Pick<ShadowRepo, 'workspace' | 'changedFiles'>;

/** What is known without git, or the pair of commits to ask about (`key` names the pair in its repository). */
type FilesQuestion = { known: ChangedFile[] | null } | { key: string; ask: () => Promise<ChangedFile[] | null> };

function question(repo: ChangedFilesSource | null, ranges: ChangeRanges, item: string): FilesQuestion {
  if (repo === null || ranges.latest === null) return { known: null };
  const ends = evidenceEnds(ranges, item);
  if (ends === null) return { known: [] };
  return {
    key: `${repo.workspace}\0${ends.from}..${ends.to}`,
    ask: () => repo.changedFiles(ends.from, ends.to).catch(() => null),
  };
}

async function evidenceFiles(
  repo: ShadowRepo | null,
  ranges: ChangeRanges,
  item: string,
): Promise<ChangedFile[] | null> {
  const q = question(repo, ranges, item);
  return 'known' in q ? q.known : q.ask();
}

/** `items` with each evidence's `files` read (an item without evidence keeps none). */
export async function withEvidenceFiles(
  items: readonly ItemWithEvidence[],
  repo: ShadowRepo | null,
  ranges: ChangeRanges,
): Promise<ItemWithEvidence[]> {
  return Promise.all(
    items.map(async (item) =>
      item.evidence === null
        ? item
        : { ...item, evidence: withFiles(item.evidence, await evidenceFiles(repo, ranges, item.content)) },
    ),
  );
}

const CACHED_PAIRS = 256;

/**
 * The host's answers, by pair of commits: `get` gives what is known (undefined while it
 * is being read, and starts reading it); `onRead` hears each answer that arrives, so
 * the surfaces present the plan again.
 */
export class EvidenceFilesCache {
  private readonly known = new Map<string, ChangedFile[] | null>();
  private readonly reading = new Set<string>();

  constructor(private readonly onRead: () => void) {}

  get(repo: ChangedFilesSource | null, ranges: ChangeRanges, item: string): ChangedFile[] | null | undefined {
    const q = question(repo, ranges, item);
    if ('known' in q) return q.known;
    if (this.known.has(q.key)) return this.known.get(q.key);
    if (!this.reading.has(q.key)) {
      this.reading.add(q.key);
      void q.ask().then((files) => {
        this.reading.delete(q.key);
        this.known.set(q.key, files);
        // The newest answers are the ones asked again: the oldest go first.
        for (const old of this.known.keys()) if (this.known.size > CACHED_PAIRS) this.known.delete(old);
        this.onRead();
      });
    }
    return undefined;
  }
}
