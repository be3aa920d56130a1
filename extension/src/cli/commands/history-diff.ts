// `history <log> --diff [--from <seq>] [--format text|json]`: the revision's diff
// (core/plan/revision-diff.ts) of the last plan version against the one before it (none:
// every item added), or against the version standing at event `<seq>` (the latest
// version written at or before it). JSON is exactly an array of { kind, itemId, text,
// oldText?, status?, oldStatus? }; text is one line per change, control characters
// made visible.
import type { IdentifiedVersion } from '../../core/plan/item-identity';
import { revisionDiff, revisionDiffText } from '../../core/plan/revision-diff';
import { visibleControls } from '../../core/terminal-text';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export interface DiffFlags {
  /** An event's seq: the version standing then is the diff's old side. */
  from?: string;
}

/** `--diff` and `--from` as history reads them: undefined without --diff (then --from is a usage error). */
export function diffFlagsOf(diff: boolean, from: string | undefined): DiffFlags | undefined {
  if (!diff) {
    if (from !== undefined) throw new UsageError('history takes --from only with --diff');
    return undefined;
  }
  return from === undefined ? {} : { from };
}

/** Refuses a format or --from that --diff does not take (a usage error). */
export function checkDiffFlags(format: string, flags: DiffFlags): void {
  if (!['json', 'text'].includes(format))
    throw new UsageError(`--format with --diff must be json or text (got ${JSON.stringify(format)})`);
  if (flags.from !== undefined && !/^[1-9]\d*$/.test(flags.from))
    throw new UsageError(`--from must be an event's seq, a whole number from 1 (got ${JSON.stringify(flags.from)})`);
}

/** Prints the diff of `versions` (every plan version of the log, in order) as `flags` ask. */
export function historyDiff(
  io: CliIo,
  versions: readonly IdentifiedVersion[],
  format: string,
  flags: DiffFlags,
): number {
  const last = versions[versions.length - 1];
  if (last === undefined) {
    io.err('agent-checklist: the log has no plan version to diff');
    return EXIT_FAILED;
  }
  let from: IdentifiedVersion | null = versions[versions.length - 2] ?? null;
  if (flags.from !== undefined) {
    const seq = Number(flags.from);
    const at = versions.filter((v) => v.seq <= seq).pop();
    if (at === undefined) {
      io.err(`agent-checklist: no plan version stands at event ${seq} (the first is at ${versions[0]!.seq})`);
      return EXIT_FAILED;
    }
    from = at;
  }
  const changes = revisionDiff(from, last);
  io.out(format === 'json' ? JSON.stringify(changes) : visibleControls(revisionDiffText(changes)));
  return EXIT_OK;
}
