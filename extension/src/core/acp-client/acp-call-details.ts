// An ACP agent's tool call as our log keeps it: the name (the agent's title, which
// says what the call does: "Write notes.txt", the command), the result text, and the
// `tool/result.details` that keep ACP's own fields — title, kind, status, locations
// and diffs — so a row can show the call as the agent described it (the diffs as our
// diff rows: presenters/tool-call.ts reads them back with `acpCallDetailsSchema`,
// session/tool-details.ts, beside the log's schema of details).
import type { ToolCall, ToolCallContent } from '@agentclientprotocol/sdk';
import { ACP_CALL_DETAILS_TOOL, type AcpCallDetails, type ToolResultDetails } from '../session/tool-details';

type CallFields = Omit<ToolCall, 'toolCallId'>;

export function acpCallName(fields: CallFields): string {
  return fields.title.trim() || fields.name?.trim() || fields.kind || 'tool';
}

function contentText(content: readonly ToolCallContent[]): string[] {
  return content.flatMap((c) => {
    if (c.type === 'content') return c.content.type === 'text' ? [c.content.text] : [`(${c.content.type})`];
    if (c.type === 'terminal') return [`(terminal ${c.terminalId})`];
    return [];
  });
}

function rawText(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw === 'string') return raw;
  if (
    Array.isArray(raw) &&
    raw.every(
      (b): b is { type: 'text'; text: string } =>
        typeof b === 'object' &&
        b !== null &&
        (b as { type?: unknown }).type === 'text' &&
        typeof (b as { text?: unknown }).text === 'string',
    )
  ) {
    return raw.map((b) => b.text).join('\n');
  }
  return JSON.stringify(raw);
}

/** What the call answered: its text content, else its raw output, else its status. */
export function acpCallResultText(fields: CallFields): string {
  const text = contentText(fields.content ?? []);
  if (text.length > 0) return text.join('\n');
  return rawText(fields.rawOutput) ?? fields.status ?? '';
}

export function acpCallDetails(fields: CallFields): ToolResultDetails {
  const details: AcpCallDetails = { tool: ACP_CALL_DETAILS_TOOL, title: fields.title };
  if (fields.kind !== undefined) details.kind = fields.kind;
  if (fields.status != null) details.status = fields.status;
  if (fields.locations && fields.locations.length > 0)
    details.locations = fields.locations.map((l) =>
      typeof l.line === 'number' ? { path: l.path, line: l.line } : { path: l.path },
    );
  const diffs = (fields.content ?? []).flatMap((c) =>
    c.type === 'diff' ? [{ path: c.path, oldText: c.oldText ?? null, newText: c.newText }] : [],
  );
  if (diffs.length > 0) details.diffs = diffs;
  return details;
}
