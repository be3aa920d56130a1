// Offers `agent-checklist mcp` to VS Code's own MCP clients (Copilot agent mode's MCP
// support) where the host has `vscode.lm.registerMcpServerDefinitionProvider`
// (VS Code 1.101+). `engines` stays ^1.100, so the API is looked up at run time and
// its absence is normal: nothing is registered and nothing is reported as an error.
//
// Contributed under both manifest names: `mcpServerDefinitionProviders` (1.101+) and
// `modelContextServerCollections`, which VS Code 1.100 requires for the same call.
// A host that still refuses (a different preview shape) is logged, not fatal.
//
// The server runs with the extension host's own runtime (process.execPath, as Node
// via ELECTRON_RUN_AS_NODE under Electron), so users need no Node on their PATH.
import * as path from 'node:path';
import * as vscode from 'vscode';
import { WORKSPACE_SESSIONS_DIR } from '../session/workspace-sessions';

const MCP_PROVIDER_ID = 'agentChecklist.mcpServer';

/** The 1.101 API shapes this file uses (absent from @types/vscode 1.100). */
interface McpApi {
  registerMcpServerDefinitionProvider(
    id: string,
    provider: {
      onDidChangeMcpServerDefinitions?: vscode.Event<void>;
      provideMcpServerDefinitions(): Promise<unknown[]>;
    },
  ): vscode.Disposable;
}
type McpStdioServerDefinitionCtor = new (
  label: string,
  command: string,
  args: string[],
  env?: Record<string, string | number | null>,
  version?: string,
) => unknown;

export function registerMcpServerDefinitions(opts: {
  extensionUri: vscode.Uri;
  version: string;
  allowParallelInProgress: () => boolean;
  log: vscode.LogOutputChannel;
}): vscode.Disposable | undefined {
  const lm = vscode.lm as unknown as Partial<McpApi>;
  const Definition = (vscode as unknown as { McpStdioServerDefinition?: McpStdioServerDefinitionCtor })
    .McpStdioServerDefinition;
  if (typeof lm.registerMcpServerDefinitionProvider !== 'function' || typeof Definition !== 'function')
    return undefined;
  const changed = new vscode.EventEmitter<void>();
  const watch = vscode.Disposable.from(
    vscode.workspace.onDidChangeWorkspaceFolders(() => changed.fire()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('agentChecklist.todo.allowParallelInProgress')) changed.fire();
    }),
  );
  let registration: vscode.Disposable;
  try {
    registration = register(lm.registerMcpServerDefinitionProvider.bind(lm), Definition, changed.event, opts);
  } catch (error) {
    opts.log.warn(
      `could not offer the MCP server to VS Code: ${error instanceof Error ? error.message : String(error)}`,
    );
    watch.dispose();
    changed.dispose();
    return undefined;
  }
  return vscode.Disposable.from(registration, watch, changed);
}

function register(
  registerProvider: McpApi['registerMcpServerDefinitionProvider'],
  Definition: McpStdioServerDefinitionCtor,
  onDidChange: vscode.Event<void>,
  opts: { extensionUri: vscode.Uri; version: string; allowParallelInProgress: () => boolean },
): vscode.Disposable {
  return registerProvider(MCP_PROVIDER_ID, {
    onDidChangeMcpServerDefinitions: onDidChange,
    provideMcpServerDefinitions: async () => {
      const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.scheme === 'file');
      if (!folder) return [];
      // The snippets' module (shared with Set Up for Another Agent…) loads when VS Code first asks.
      const { mcpArgs } = await import('../../core/mcp/setup-snippets');
      const args = [
        vscode.Uri.joinPath(opts.extensionUri, 'dist', 'cli.js').fsPath,
        ...mcpArgs({
          sessionDir: path.join(folder.uri.fsPath, WORKSPACE_SESSIONS_DIR),
          allowParallelInProgress: opts.allowParallelInProgress(),
        }),
      ];
      return [new Definition('Agent Checklist', process.execPath, args, { ELECTRON_RUN_AS_NODE: '1' }, opts.version)];
    },
  });
}
