// Drives the BUILT CLI (`dist/cli.js mcp`) with the official SDK's own MCP client over
// stdio, as Claude Code or Codex would. No stand-ins: real processes, real files.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { foldStandingPlan } from '../support/plan-folds';

export const root = path.resolve(__dirname, '../../..');
export const cliPath = path.join(root, 'dist/cli.js');

export function build(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`build failed: ${result.stderr}`);
}

export interface Connected {
  client: Client;
  transport: StdioClientTransport;
  stderr: () => string;
  close(): Promise<void>;
}

export async function connect(
  cwd: string,
  args: string[],
  clientInfo = { name: 'test-client', version: '1.0.0' },
): Promise<Connected> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cliPath, 'mcp', ...args],
    cwd,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const client = new Client(clientInfo);
  await client.connect(transport);
  return { client, transport, stderr: () => stderr, close: () => client.close() };
}

export function logsIn(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl'))
    .map((n) => path.join(dir, n));
}

export function storedPlan(logPath: string) {
  return foldStandingPlan(loadLogFile(logPath).events);
}

export function textOf(result: unknown): { isError: boolean; text: string } {
  const r = result as { isError?: boolean; content: { type: string; text?: string }[] };
  return { isError: r.isError === true, text: r.content.map((c) => c.text ?? '').join('') };
}

/** Resolves when `predicate` holds, polling (for effects in another process). */
export async function until(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
