// The tools a session enables, by name, each made by its descriptor
// (core/tools/<tool>/descriptor.ts) from the set's options, so the CLI and the
// extension enable the same things the same way. A name the catalog does not know,
// or a tool without what it needs, is a ToolSetError (a usage error), never a
// silent default.
// Every set is built secret-free: processes get the environment minus the
// provider's key and every secret-looking variable, and every result is redacted of
// those values and of the provider's credentials before anyone sees it
// (tools/tool-env.ts).
import { DisposableStore } from '../disposable';
import { BUILT_IN_TOOLS, toolCatalog } from '../tools/built-in';
import type { ToolCatalog } from '../tools/catalog';
import type { ToolDescriptor } from '../tools/descriptor';
import { isGlobError, globMatcher } from '../tools/glob';
import { NodeWorkspaceFs } from '../tools/node-workspace-fs';
import { protectedPaths, type ProtectedPaths } from '../tools/protected-paths';
import { ToolRegistry } from '../tools/registry';
import { Redactor, toolEnvironment } from '../tools/tool-env';
import { isToolSetError, type ToolSetContext, ToolSetError, type ToolSetOptions } from '../tools/tool-set-context';
import { Workspace } from '../tools/workspace';

export { isToolSetError, type ToolSetOptions };

function protectionFor(extra: readonly string[]): ProtectedPaths {
  try {
    // Each glob checked as the user wrote it, so the message quotes it unchanged.
    for (const glob of extra) globMatcher(glob);
    return protectedPaths(extra);
  } catch (error) {
    if (isGlobError(error)) throw new ToolSetError(`protected paths: ${error.message}`);
    throw error;
  }
}

function unknownTool(name: string, registered: readonly string[]): ToolSetError {
  const more = registered.length === 0 ? '' : `; registered tools: ${registered.join(', ')}`;
  return new ToolSetError(`unknown tool ${JSON.stringify(name)}; built-in tools: ${BUILT_IN_TOOLS.join(', ')}${more}`);
}

/** `catalog`: where the names are looked up (default: the process's, built-ins and registered tools). */
export function buildToolRegistry(
  options: ToolSetOptions,
  catalog: ToolCatalog = toolCatalog,
): { registry: ToolRegistry; owned: DisposableStore } {
  const toolEnv = toolEnvironment(options.environment?.base ?? process.env, options.environment ?? {});
  const redactor = new Redactor([...(options.secrets ?? []), ...toolEnv.droppedValues]);
  const registry = new ToolRegistry(options.stopGraceMs, redactor);
  const owned = new DisposableStore();
  try {
    const descriptors = [...new Set(options.tools)].map(
      (name): ToolDescriptor => catalog.get(name) ?? raise(unknownTool(name, catalog.registered())),
    );
    const depth = options.depth ?? 0;
    // Checked before any tool is made, so a set without a folder fails on that alone.
    const firstWorkspaceTool = descriptors.find((d) => d.needs.includes('workspace'));
    const workspace = firstWorkspaceTool === undefined ? undefined : workspaceFor(options, firstWorkspaceTool.name);
    let protect: ProtectedPaths | undefined;
    for (const descriptor of descriptors) {
      const need = <T>(value: T | undefined, what: string): T =>
        value ?? raise(new ToolSetError(`${descriptor.name} needs ${what}`));
      const set: ToolSetContext = {
        options,
        depth,
        redactor,
        env: toolEnv.env,
        need,
        workspace: () =>
          workspace ??
          raise(
            new ToolSetError(
              `${descriptor.name} needs the workspace folder: its descriptor must list 'workspace' in needs`,
            ),
          ),
        approvals: () => need(options.approvals, 'approvals (a gate to ask, or auto-approve)'),
        // Built only for the tools that read it, so a malformed glob fails those tools alone.
        protection: () => (protect ??= protectionFor(options.protectedPaths ?? [])),
        childTools: () => buildToolRegistry({ ...options, depth: depth + 1 }, catalog),
      };
      const tool = descriptor.create(set);
      if (tool !== null) owned.add(registry.register(tool));
    }
    return { registry, owned };
  } catch (error) {
    owned.dispose();
    throw error;
  }
}

function raise(error: Error): never {
  throw error;
}

function workspaceFor(options: ToolSetOptions, tool: string): Workspace {
  if (options.cwd === undefined) throw new ToolSetError(`${tool} needs the workspace folder (cwd)`);
  try {
    return new Workspace(options.cwd, options.fs ?? new NodeWorkspaceFs());
  } catch (error) {
    throw new ToolSetError(error instanceof Error ? error.message : String(error));
  }
}
