/** A turn (or a session switch, or a compaction) cannot happen now; the message is for the user. */
export class TurnRefusedError extends Error {
  override name = 'TurnRefusedError';
}
