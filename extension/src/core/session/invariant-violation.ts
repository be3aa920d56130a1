// The error an event that breaks the log's invariants is refused with (invariants.ts);
// `seq` is the refused event's.
import { brandedError } from '../error-brand';

export class InvariantViolation extends brandedError('InvariantViolation') {
  constructor(
    message: string,
    readonly seq?: number,
  ) {
    super(message);
    this.name = 'InvariantViolation';
  }
}
