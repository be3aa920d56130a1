// An agent outside the editor, as Claude Code runs one: the BUILT CLI's MCP server
// (`dist/cli.js mcp`) started in the workspace folder and driven over stdio by the
// official SDK's own client. Its session log lands in the workspace's
// `.agent-checklist/sessions/`, which the extension follows.
import * as path from 'node:path';
import { after } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { REPO_ROOT } from '../../scripts/vscode-server/paths.mjs';
import { openForSuite } from './suite-setup';
import { openWorkbench, type Workbench } from './workbench';

export const CLI_PATH = path.join(REPO_ROOT, 'dist', 'cli.js');

export interface TodoArg {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

export interface ExternalAgent {
  client: Client;
  /** Calls todo_write; fails when the server rejects the list. */
  write(todos: TodoArg[]): Promise<string>;
  close(): Promise<void>;
}

export async function startExternalAgent(
  cwd: string,
  clientInfo: { name: string; version: string },
): Promise<ExternalAgent> {
  let stderr = '';
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [CLI_PATH, 'mcp', '--allow-parallel-in-progress', 'true'],
    cwd,
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client(clientInfo);
  await client.connect(transport);
  return {
    client,
    write: async (todos) => {
      const result = await client.callTool({ name: 'todo_write', arguments: { todos } });
      const content = Array.isArray(result.content) ? result.content : [];
      const text = content
        .map((c: unknown) =>
          typeof c === 'object' && c !== null && 'text' in c && typeof c.text === 'string' ? c.text : '',
        )
        .join('');
      if (result.isError === true) throw new Error(`todo_write was rejected: ${text} (server stderr: ${stderr})`);
      return text;
    },
    close: () => client.close(),
  };
}

/**
 * Call inside `describe`: a workbench with the extension from the working tree, open for
 * the block's tests, and `start` for MCP clients in its workspace folder. After the
 * block every client still connected is closed (a test may close one itself), then
 * the workbench.
 */
export function workbenchWithExternalAgents(): {
  workbench: () => Workbench;
  start: (clientInfo: { name: string; version: string }) => Promise<ExternalAgent>;
} {
  const started: ExternalAgent[] = [];
  after(async () => {
    for (const agent of started.splice(0)) await agent.close().catch(() => undefined);
  });
  const workbench = openForSuite(() => openWorkbench({ extensionDevelopmentPath: REPO_ROOT }));
  return {
    workbench,
    start: async (clientInfo) => {
      const agent = await startExternalAgent(workbench().workspace, clientInfo);
      started.push(agent);
      return agent;
    },
  };
}
