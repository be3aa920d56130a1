// The fields several event families share (events.ts composes the families' maps).
import * as z from 'zod/mini';

/** A turn's or a step's number: 1, 2, … */
export const count = z.number().check(z.int(), z.minimum(1));

/** The id that ties a tool call to its approval and its result. */
export const callId = z.string().check(z.minLength(1));
