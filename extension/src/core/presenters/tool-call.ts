// The one place a call becomes a view: its tool's descriptor presents it
// (tools/<tool>/descriptor.ts `present`). A call of a tool the catalog does not know
// (an older log, a tool since withdrawn) gets the generic view: its input and
// result as text. The host runs it (TranscriptFolder); the webview only paints views.
import { oneLine, stringArg, type PresentedCall, type ToolCallRecord } from './tool-presenter';
import { toolCatalog } from '../tools/built-in';
import type { ToolCatalog } from '../tools/catalog';

export function genericView(call: ToolCallRecord): PresentedCall {
  return { summary: oneLine(stringArg(call.args, 'path') ?? ''), view: { kind: 'generic', input: call.arguments, result: call.result?.content ?? null } };
}

export function presentToolCall(call: ToolCallRecord, catalog: ToolCatalog = toolCatalog): PresentedCall {
  const descriptor = catalog.get(call.name);
  return descriptor === undefined ? genericView(call) : descriptor.present(call);
}
