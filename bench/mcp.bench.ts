// MCP todo_write round trip: the built CLI (`dist/cli.js mcp`) driven by the SDK's
// own client over stdio; per call, callTool -> validation -> todo/write appended to
// the log -> result back to the client.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Metric } from './report';
import { median, now, percentile, round } from './stats';

export async function runMcpBench(log: (line: string) => void): Promise<Metric[]> {
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mcp-'));
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [path.resolve('dist/cli.js'), 'mcp', '--allow-parallel-in-progress', 'true'],
    cwd,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(transport);
  const times: number[] = [];
  try {
    for (let i = 0; i < 220; i++) {
      const todos = Array.from({ length: 8 }, (_, k) => ({
        content: `step ${k}`,
        status: k < i % 8 ? 'completed' : k === i % 8 ? 'in_progress' : 'pending',
      }));
      const t0 = now();
      await client.callTool({ name: 'todo_write', arguments: { todos } });
      if (i >= 20) times.push(now() - t0);
    }
  } finally {
    await client.close();
    fs.rmSync(cwd, { recursive: true, force: true });
  }
  log(
    `mcp round trip: median ${median(times).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms over ${times.length} calls`,
  );
  return [
    {
      name: 'MCP todo_write round trip (call -> log -> result), median',
      value: round(median(times)),
      unit: 'ms',
      target: '',
      met: null,
    },
    { name: 'MCP todo_write round trip, p95', value: round(percentile(times, 95)), unit: 'ms', target: '', met: null },
  ];
}
