// "Did this log just write a plan?" for a follower watching many logs: the seq of
// the latest todo/write that still stands (not followed by a turn/start), read from
// the end of the file, so it costs the last few lines whatever the log's size.
import * as z from 'zod/mini';
import { forEachLineBackward } from './line-reader';
import { parseJson } from './parse-json';

const envelopeSchema = z.object({ seq: z.number(), type: z.string() });

/** 0 when no plan stands (no write yet, a later turn/start, an unreadable tail). */
export function standingPlanWriteSeq(logPath: string): number {
  let seq = 0;
  try {
    forEachLineBackward(logPath, ({ text }) => {
      const json = parseJson(text);
      if (typeof json === 'object' && json !== null && 'type' in json && json.type === 'session') return true;
      const line = envelopeSchema.safeParse(json);
      if (!line.success) return false; // a torn tail or a line being written
      if (line.data.type === 'turn/start') return true;
      if (line.data.type !== 'todo/write') return false;
      seq = line.data.seq;
      return true;
    });
  } catch {
    return 0; // gone or unreadable: nothing to follow
  }
  return seq;
}
