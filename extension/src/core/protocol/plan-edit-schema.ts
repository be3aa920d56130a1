// A plan edit as the Agent view asks for it (`{ type: 'editPlan', edit }`): the shape
// of PlanEdit (core/plan/user-edit.ts; the host's router checks the two types agree,
// the webview cannot import that module), validated here when the host receives it. Only
// the shape is checked at this boundary; the list rules (trim, no empty, no
// duplicates, the parallel policy) and "no such item" are the PlanEditor's, with the
// same messages as everywhere else, so a refused edit tells the user exactly why.
//
// zod/mini only: the protocol is shared with the webview.
import * as z from 'zod/mini';
import { TODO_STATUSES } from '../domain-literals';
import type { TodoStatus } from '../domain-literals';

export type PlanEditRequest =
  | { kind: 'status'; content: string; status: TodoStatus }
  | { kind: 'text'; content: string; text: string }
  | { kind: 'add'; text: string; status?: TodoStatus; index?: number }
  | { kind: 'remove'; content: string }
  | { kind: 'move'; content: string; by: -1 | 1 };

/** An item's content or a new text: the same bound as a prompt. */
const text = z.string().check(z.minLength(1), z.maxLength(100_000));
const status = z.enum(TODO_STATUSES);

export const planEditSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('status'), content: text, status }),
  z.strictObject({ kind: z.literal('text'), content: text, text }),
  z.strictObject({ kind: z.literal('add'), text, status: z.exactOptional(status), index: z.exactOptional(z.number().check(z.int(), z.minimum(0))) }),
  z.strictObject({ kind: z.literal('remove'), content: text }),
  z.strictObject({ kind: z.literal('move'), content: text, by: z.union([z.literal(-1), z.literal(1)]) }),
]) satisfies z.ZodMiniType<PlanEditRequest>;
