// An item's changed files as the product reads them into its evidence: through
// withEvidenceFiles (core/checkpoints/item-files.ts), which the CLI's `plan` and the
// plan export call, over an item that has evidence.
import { withEvidenceFiles } from '../../../extension/src/core/checkpoints/item-files';
import type { ShadowRepo } from '../../../extension/src/core/checkpoints/shadow-repo';
import type { ChangeRanges } from '../../../extension/src/core/plan/change-range';
import type { ItemEvidenceView } from '../../../extension/src/core/protocol/item-evidence-view';

const NO_CALLS: ItemEvidenceView = {
  tools: { read: 0, write: 0, command: 0, other: 0, shared: 0 },
  recent: [],
  failedCommands: 0,
  ms: 0,
};

/** The files item `content`'s evidence lists: [] when it changed none, null when that is unknown. */
export async function evidenceFilesOf(
  repo: ShadowRepo | null,
  ranges: ChangeRanges,
  content: string,
): Promise<ItemEvidenceView['files']> {
  const item = { content, status: 'pending' as const, flag: null, evidence: NO_CALLS };
  const [read] = await withEvidenceFiles([item], repo, ranges);
  return read?.evidence?.files;
}
