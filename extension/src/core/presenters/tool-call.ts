// The one place a call becomes a view: its tool's descriptor presents it
// (tools/<tool>/descriptor.ts `present`). A call of a tool the catalog does not know
// (an older log, a tool since withdrawn) gets the generic view: its input and
// result as text. An ACP agent's call (its result's details say `acp`) that changed
// files is shown as our diff rows, from the diffs the agent sent. The host runs it
// (TranscriptFolder); the webview only paints views.
import { genericView, type PresentedCall, type ToolCallRecord } from '../tools/tool-presenter';
import { toolCatalog } from '../tools/built-in';
import type { ToolCatalog } from '../tools/catalog';
import { changesView } from '../tools/file-views';
import { acpCallDetailsSchema } from '../session/tool-details';

export function presentToolCall(call: ToolCallRecord, catalog: ToolCatalog = toolCatalog): PresentedCall {
  if (call.result?.details?.tool === 'acp') {
    const acp = acpCallDetailsSchema.safeParse(call.result.details);
    if (acp.success && acp.data.diffs !== undefined && acp.data.diffs.length > 0)
      return changesView(call, acp.data.diffs);
  }
  const descriptor = catalog.get(call.name);
  return descriptor === undefined ? genericView(call) : descriptor.present(call);
}
