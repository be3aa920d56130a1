// The error an event that breaks the log's invariants is refused with (invariants.ts);
// `seq` is the refused event's.
import { brandedError, errorGuard } from '../error-brand';

export class InvariantViolation extends brandedError('InvariantViolation') {
  constructor(
    message: string,
    readonly seq?: number,
  ) {
    super(message);
    this.name = 'InvariantViolation';
  }
}

/** Whether `value` is an InvariantViolation, whichever bundle's copy of the class made it. */
export const isInvariantViolation = errorGuard<InvariantViolation>('InvariantViolation');
