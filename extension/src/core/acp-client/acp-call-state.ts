// What the turn log (acp-turn-log.ts) knows of one ACP call: its fields as merged
// from the agent's tool_call and tool_call_update notifications, and where it is on
// our log.
import type { ToolCall, ToolCallUpdate } from '@agentclientprotocol/sdk';
import type { ApprovalRecord } from '../domain-literals';
import type { AssistantBlock } from '../session/events';
import { acpCallName } from './acp-call-details';

/** What is known of one call: ACP's fields as merged so far, and where it is on our log. */
export interface AcpCallState {
  id: string;
  fields: Omit<ToolCall, 'toolCallId'>;
  /** On the log: the block was announced (so tool/call, approvals, result can follow). */
  logged: boolean;
  /** Its name on the log, fixed when it was announced (a later title does not rename it). */
  name: string | undefined;
  /** Must go on the log at the next chance (asked about, running or finished). */
  due: boolean;
  /** The agent asked permission for it (its tool/call says so: a reader of the log knows a decision is awaited). */
  asked: boolean;
  resulted: boolean;
  /** Decisions not yet on the log (the call was not yet logged when they were made). */
  approvals: ApprovalRecord[];
}

/** A call first heard of: no fields but an empty title, nothing on the log. */
export function newCallState(id: string): AcpCallState {
  return {
    id,
    fields: { title: '' },
    logged: false,
    name: undefined,
    due: false,
    asked: false,
    resulted: false,
    approvals: [],
  };
}

/** `fields` with what `update` says (a field it leaves out keeps its value; `_meta` is merged key by key). */
export function mergeCallFields(
  fields: Omit<ToolCall, 'toolCallId'>,
  update: Omit<ToolCallUpdate, 'toolCallId'>,
): void {
  if (typeof update.title === 'string') fields.title = update.title;
  if (typeof update.name === 'string') fields.name = update.name;
  if (update.kind != null) fields.kind = update.kind;
  if (update.status != null) fields.status = update.status;
  if (update.content != null) fields.content = update.content;
  if (update.locations != null) fields.locations = update.locations;
  if (update.rawInput !== undefined) fields.rawInput = update.rawInput;
  if (update.rawOutput !== undefined) fields.rawOutput = update.rawOutput;
  if (update._meta != null) fields._meta = { ...fields._meta, ...update._meta };
}

/** The agent said how the call ended. */
export function finished(fields: Pick<ToolCall, 'status'>): boolean {
  return fields.status === 'completed' || fields.status === 'failed';
}

/** What waits for the next step: text and reasoning in the order they came, and calls by id. */
export type Pending = { type: 'text' | 'reasoning'; text: string } | { type: 'call'; id: string };

/**
 * The next step's assistant message of `pending`, and its calls, each named now (its name on the log, which a
 * later title does not change).
 */
export function announce(
  pending: readonly Pending[],
  known: ReadonlyMap<string, AcpCallState>,
): { blocks: AssistantBlock[]; calls: AcpCallState[] } {
  const blocks: AssistantBlock[] = [];
  const calls: AcpCallState[] = [];
  for (const item of pending) {
    if (item.type !== 'call') {
      blocks.push({ type: item.type, text: item.text });
      continue;
    }
    const call = known.get(item.id)!;
    call.name = acpCallName(call.fields);
    blocks.push({
      type: 'tool-call',
      id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.fields.rawInput ?? {}),
    });
    calls.push(call);
  }
  return { blocks, calls };
}
