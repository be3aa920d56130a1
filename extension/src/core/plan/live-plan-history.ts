// The plan history of one session kept current by its appends: the history fold
// (PlanHistoryFolder) over the events so far, then each appended event, so the live
// list is the replay's list by construction. `onVersion` hears each new version with
// its 1-based number. Costs one fold step per appended event; keeps one entry per
// version (the frozen lists the log already holds, not copies).
import type { Disposable } from '../disposable';
import type { Session } from '../session/session';
import { PlanHistoryFolder, type PlanVersion } from './plan-history';

export class LivePlanHistory implements Disposable {
  private readonly folder = new PlanHistoryFolder();
  private readonly subscription: Disposable;

  constructor(
    readonly session: Session,
    onVersion: (version: PlanVersion, number: number) => void,
  ) {
    for (const event of session.events) this.folder.apply(event);
    this.subscription = session.subscribe((event) => {
      const version = this.folder.apply(event);
      if (version) onVersion(version, this.folder.versions.length);
    });
  }

  get versions(): readonly PlanVersion[] {
    return this.folder.versions;
  }

  dispose(): void {
    this.subscription.dispose();
  }
}
