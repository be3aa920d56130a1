// What opens an ACP agent's next prompt, each told once, before the prompt's text: a
// resumed log's summary (acp-resume-note.ts, for a new agent session), the plan
// decision the agent could not be told (acp-plan-mode.ts), and the user's edit of the
// plan since the agent's last plan (acp-user-edit.ts).
import type { SessionEvent } from '../session/events';
import { planDecisionNote } from './acp-plan-mode';
import { acpUserEditNote, untoldUserEdit } from './acp-user-edit';

function lastTurnStartSeq(events: readonly SessionEvent[]): number {
  for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'turn/start') return events[i]!.seq;
  return 0;
}

export class AcpPromptNotes {
  /** The last user edit of the plan, and the last plan decision, the agent was told. */
  private toldEditSeq = 0;
  private toldDecisionSeq = 0;

  /** `resumeNote`: opens the next prompt of a resumed log, once. */
  constructor(private resumeNote: string | null) {}

  /**
   * A reopened log: the note re-states the latest plan; a loaded session was told every
   * edit before its last prompt (each prompt tells the one still untold).
   */
  resumed(events: readonly SessionEvent[], lastSeq: number): void {
    this.toldEditSeq = this.toldDecisionSeq = this.resumeNote !== null ? lastSeq : lastTurnStartSeq(events);
  }

  /** The agent's own session was loaded: it has its history, no summary opens the next prompt. */
  loaded(): void {
    this.resumeNote = null;
  }

  /** The notes that open the next prompt (read before its turn starts), now told. */
  take(events: readonly SessionEvent[]): string[] {
    const edit = untoldUserEdit(events, this.toldEditSeq);
    const decision = planDecisionNote(events, this.toldDecisionSeq);
    if (edit !== null) this.toldEditSeq = edit.seq;
    if (decision !== null) this.toldDecisionSeq = decision.seq;
    const notes = [this.resumeNote, decision?.note ?? null, edit === null ? null : acpUserEditNote(edit.todos)];
    this.resumeNote = null;
    return notes.filter((note) => note !== null);
  }
}
