// The MCP server of `agent-checklist mcp`: one connection (one client), one session
// log, written through ExternalPlanSession. Built on the official SDK's low-level
// `Server` so the tool list is exactly ours (the core's JSON Schema and description)
// and argument errors are the contract's strings, not the SDK's.
//
// The client's `clientInfo` from `initialize` becomes the log header's `source`.
// Unknown tools are protocol errors (JSON-RPC InvalidParams); tool outcomes are
// results (`isError: true` for a rejected call, which appends nothing).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ExternalPlanSession } from '../plan/external-plan-session';
import { createTodoWriteTool, TODO_WRITE_TOOL_NAME, type TodoWritePolicy } from '../plan/todo-write-tool';
import type { McpClientInfo } from '../session/source';
import type { SessionStore, WritableSession } from '../store/session-store';
import { planToolSpecs, TODO_READ_TOOL_NAME, todoReadText } from './plan-tools';

export const SERVER_NAME = 'agent-checklist';

export interface PlanServerOptions {
  store: SessionStore;
  policy: TodoWritePolicy;
  cwd: string;
  version: string;
  /** Diagnostics (stderr in the CLI); never the protocol stream. */
  log: (line: string) => void;
}

export interface RunningPlanServer {
  /** Resolves once the connection closed and the log's turn was closed. */
  readonly closed: Promise<void>;
  /** The session of this connection (its log exists after the first accepted write). */
  readonly plan: ExternalPlanSession;
  close(): Promise<void>;
}

const UNKNOWN_CLIENT: McpClientInfo = { name: 'unknown MCP client', version: '' };

export async function startPlanServer(transport: Transport, options: PlanServerOptions): Promise<RunningPlanServer> {
  const server = new Server({ name: SERVER_NAME, version: options.version }, { capabilities: { tools: {} } });
  let plan: ExternalPlanSession | undefined;
  const client = (): McpClientInfo => {
    const info = server.getClientVersion();
    if (!info) return UNKNOWN_CLIENT;
    return { name: info.name, version: info.version, ...(typeof info.title === 'string' ? { title: info.title } : {}) };
  };
  // Created lazily: the header needs clientInfo, which arrives with `initialize`.
  const session = (): ExternalPlanSession =>
    (plan ??= new ExternalPlanSession({
      store: options.store,
      source: { kind: 'mcp', ...client() },
      policy: options.policy,
      cwd: options.cwd,
      onCreated: (opened: WritableSession) => options.log(`session log ${opened.path} (client ${client().name} ${client().version})`),
    }));
  const specs = planToolSpecs(createTodoWriteTool(options.policy));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: specs }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const { name } = request.params;
    if (name === TODO_WRITE_TOOL_NAME) {
      const result = await session().write(request.params.arguments, extra.signal);
      return { content: [{ type: 'text', text: result.content }], isError: result.isError };
    }
    if (name === TODO_READ_TOOL_NAME) {
      return { content: [{ type: 'text', text: todoReadText(session().standingPlan) }], isError: false };
    }
    throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}; this server offers ${TODO_WRITE_TOOL_NAME} and ${TODO_READ_TOOL_NAME}`);
  });

  let resolveClosed!: () => void;
  const closed = new Promise<void>((resolve) => (resolveClosed = resolve));
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    try {
      session().dispose();
    } catch (error) {
      options.log(`could not close the session log cleanly: ${error instanceof Error ? error.message : String(error)}`);
    }
    resolveClosed();
  };
  server.onclose = end;
  server.onerror = (error) => options.log(`protocol error: ${error.message}`);
  await server.connect(transport);
  return {
    closed,
    get plan() {
      return session();
    },
    async close() {
      await server.close();
      end();
    },
  };
}
