// The part of `agent-checklist mcp` that needs the MCP SDK: the plan server on stdio.
// Its own bundle (dist/mcp.js; LAZY_MODULES in scripts/build.mjs), which
// `commands/mcp.ts` loads with `await import('../mcp-stdio')` when the command runs,
// so every other command (and a scripted `run`) starts without parsing the SDK.
import { LineTransport } from './mcp-line-transport';
import { startPlanServer, type PlanServerOptions, type RunningPlanServer } from '../core/mcp/plan-server';

export interface StdioStreams {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
}

export async function serveOnStdio(streams: StdioStreams, options: PlanServerOptions): Promise<RunningPlanServer> {
  return startPlanServer(new LineTransport(streams), options);
}
