// How far this window has shown each log it showed and left. Another program's plan
// write is reported once its log settles (ExternalSessionWatcher waits for the burst of
// appends to end), so the report of a write the user already saw, while that log was
// shown, can arrive after they moved on (New Session, another pick): under
// agentChecklist.followExternal `latest` that write must not pull them back. Only a
// write past what was shown is followed.
export class ShownPlanWrites {
  /** Per log path: the seq of the last event read while it was shown. */
  private readonly shownUpTo = new Map<string, number>();

  /** The log at `path` stops being shown, read up to event `lastSeq`. */
  left(path: string, lastSeq: number): void {
    this.shownUpTo.set(path, Math.max(lastSeq, this.shownUpTo.get(path) ?? 0));
  }

  /** The plan write at event `seq` of the log at `path` was read while that log was shown here. */
  wasShown(path: string, seq: number): boolean {
    return seq <= (this.shownUpTo.get(path) ?? 0);
  }
}
