// The transcript as the webview shows it: items derived from session events by the
// host. The webview never sees log lines; it upserts these items by id and keeps
// them sorted by `order` (derived from the log's seq, so older pages slot in front).
// A tool call's item carries the VIEW its presenter made (tool-view.ts): the webview
// never reads the model's arguments or the tool's output text.
//
// Extension point: a new kind of row (a compaction divider, …) is a new member of
// TranscriptItem and transcriptItemSchema, made by a case in
// TranscriptFolder.apply (core/presenters/transcript-folder.ts) and painted by a
// case in webview/src/components/transcript.tsx.
//
// Schemas use `zod/mini` (the host's, small); the webview imports only the types
// (see host-message-check.ts).
import * as z from 'zod/mini';
import { TOOL_CALL_STATUSES, TURN_END_KINDS, type ToolCallStatus, type TurnEndKind } from '../domain-literals';
import { APPROVAL_WORDS, type ApprovalWords } from './approval-words';
import { answerMarkdownSchema, type AnswerMarkdown } from './markdown-schema';
import { toolViewSchema, type ToolView } from './tool-view';

export type TranscriptItem =
  | { kind: 'user'; id: string; order: number; turn: number; text: string }
  | {
      kind: 'assistant';
      id: string;
      order: number;
      turn: number;
      step: number;
      text: string;
      reasoning: string;
      /**
       * `text`'s sanitized Markdown tree. The fold never parses (it runs on the host's
       * event loop): it says `pending`, and the host fills in the tree the parser's
       * worker made (core/markdown/answer-presenter.ts) before or after posting the row.
       */
      markdown: AnswerMarkdown;
    }
  | {
      kind: 'tool';
      id: string;
      order: number;
      turn: number;
      step: number;
      callId: string;
      name: string;
      status: ToolCallStatus;
      /** One short line naming what the call acts on (presenter-made); '' when nothing fits. */
      summary: string;
      view: ToolView;
      /**
       * The words for how the call's approval was decided (its
       * tool/approval), a strings key; null when none was logged.
       */
      approval: ApprovalWords | null;
    }
  | { kind: 'turn-end'; id: string; order: number; turn: number; reason: TurnEndKind; message: string | null }
  /** A context/compact: the divider "Earlier conversation summarized", expandable to the model's summary. */
  | { kind: 'compaction'; id: string; order: number; turn: number; summary: string };

export type ToolItem = Extract<TranscriptItem, { kind: 'tool' }>;

const base = { id: z.string(), order: z.number(), turn: z.number() };

export const transcriptItemSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('user'), ...base, text: z.string() }),
  z.strictObject({
    kind: z.literal('assistant'),
    ...base,
    step: z.number(),
    text: z.string(),
    reasoning: z.string(),
    markdown: answerMarkdownSchema,
  }),
  z.strictObject({
    kind: z.literal('tool'),
    ...base,
    step: z.number(),
    callId: z.string(),
    name: z.string(),
    status: z.enum(TOOL_CALL_STATUSES),
    summary: z.string(),
    view: toolViewSchema,
    approval: z.nullable(z.enum(APPROVAL_WORDS)),
  }),
  z.strictObject({
    kind: z.literal('turn-end'),
    ...base,
    reason: z.enum(TURN_END_KINDS),
    message: z.nullable(z.string()),
  }),
  z.strictObject({ kind: z.literal('compaction'), ...base, summary: z.string() }),
]) satisfies z.ZodMiniType<TranscriptItem>;
