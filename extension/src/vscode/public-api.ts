// The extension's public API: what `activate` returns, so another extension gets it
// with `await vscode.extensions.getExtension('agent-checklist.agent-checklist')
// .activate()` (declare this extension in `extensionDependencies`).
//
// registerTool(descriptor): offers a tool to the agent in every turn started after
// the call, beside the built-in tools `agentChecklist.tools.enabled` enables, until
// the returned Disposable is disposed. The descriptor is made with `defineTool`
// (core/tools/descriptor.ts, bundled by the caller, zod/mini schemas): its name
// (unique: a taken name throws), argument schema, approval card, presenter (the
// transcript row), result-details schema, and its effects on the workspace (reads,
// writes, runs) with the files a call changes. Its calls are logged, approved and
// shown exactly like a built-in tool's, and its effects decide as a built-in tool's
// do whether planning offers it, whether the loop takes a checkpoint before it and
// how it counts in a plan item's evidence (core/session/tool-facts.ts; effects not
// said: never offered while planning, no checkpoint, counted as other).
import type * as vscode from 'vscode';
import type { ToolCatalog } from '../core/tools/catalog';
import type { ToolDescriptor } from '../core/tools/descriptor';

export interface AgentChecklistApi {
  registerTool(descriptor: ToolDescriptor): vscode.Disposable;
}

export function createPublicApi(catalog: ToolCatalog): AgentChecklistApi {
  return { registerTool: (descriptor) => catalog.register(descriptor) };
}
