import { brandedError, errorGuard } from '../../core/error-brand';

/** A turn (or a session switch, or a compaction) cannot happen now; the message is for the user. */
export class TurnRefusedError extends brandedError('TurnRefusedError') {
  override name = 'TurnRefusedError';
}

/** Whether `value` is a TurnRefusedError, whichever bundle's copy of the class made it. */
export const isTurnRefusedError = errorGuard<TurnRefusedError>('TurnRefusedError');
