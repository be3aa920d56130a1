// The tools' events (a family of the event map, events.ts): a call, how its approval
// was decided, its result, and the subagents a call starts.
import * as z from 'zod/mini';
import { APPROVAL_DECIDERS, APPROVAL_RECORDS, SUBAGENT_OUTCOMES } from '../domain-literals';
import { callId, count } from './event-fields';
import { toolResultDetailsField } from './tool-details';

/** The tools' event types and their data schemas. */
export const toolEventFields = {
  /**
   * The call starts. `arguments` is absent in new logs: the announcing assistant
   * message's `tool-call` block holds them (a write_file's content is logged once);
   * older logs repeat them here.
   */
  'tool/call': z.strictObject({
    turn: count,
    step: count,
    callId,
    name: z.string(),
    arguments: z.exactOptional(z.string()),
    /** An ACP agent asked the user's permission for the call: its decision (tool/approval) is awaited. */
    asked: z.exactOptional(z.literal(true)),
  }),
  /**
   * How a call that needed approval was decided, and by whom; between
   * its tool/call and its tool/result. Never a model message.
   */
  'tool/approval': z.strictObject({
    turn: count,
    step: count,
    callId,
    tool: z.string(),
    decision: z.enum(APPROVAL_RECORDS),
    by: z.enum(APPROVAL_DECIDERS),
  }),
  /**
   * `details`: what the tool reports as data beside the text the
   * model sees (the row is made from it; absent in older logs).
   */
  'tool/result': z.strictObject({
    turn: count,
    step: count,
    callId,
    isError: z.boolean(),
    content: z.string(),
    details: toolResultDetailsField,
  }),
  'subagent/start': z.strictObject({ callId: z.string(), childSessionId: z.string(), description: z.string() }),
  'subagent/end': z.strictObject({
    callId: z.string(),
    childSessionId: z.string(),
    outcome: z.enum(SUBAGENT_OUTCOMES),
  }),
};
