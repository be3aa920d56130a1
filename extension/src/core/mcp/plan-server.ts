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
import {
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
  type JSONRPCRequest,
} from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod/mini';
import { ExternalPlanSession } from './external-plan-session';
import { createTodoWriteTool, TODO_WRITE_TOOL_NAME } from '../tools/todo-write/todo-write-tool';
import { type TodoWritePolicy } from '../plan/todo-write-rules';
import type { StandingPlan } from '../plan/todos-projection';
import type { McpClientInfo } from '../session/source';
import type { SessionStore, WritableSession } from '../store/session-store';
import { planLimitError } from './plan-limits';
import { planToolSpecs, TODO_READ_TOOL_NAME, todoReadText } from './plan-tools';

const SERVER_NAME = 'agent-checklist';

export interface PlanServerOptions {
  store: SessionStore;
  policy: TodoWritePolicy;
  cwd: string;
  version: string;
  /** Diagnostics (stderr in the CLI); never the protocol stream. */
  log: (line: string) => void;
  /** Told the standing plan after each accepted todo_write (`mcp --plan-file` keeps it in a file). */
  onPlanWritten?: (plan: StandingPlan) => void;
}

export interface RunningPlanServer {
  /** Resolves once the connection closed and the log's turn was closed. */
  readonly closed: Promise<void>;
  /** The session of this connection (its log exists after the first accepted write). */
  readonly plan: ExternalPlanSession;
  close(): Promise<void>;
}

const UNKNOWN_CLIENT: McpClientInfo = { name: 'unknown MCP client', version: '' };

const callParamsSchema = z.object({ name: z.string(), arguments: z.optional(z.record(z.string(), z.unknown())) });

/** tools/call params, or -32602 with one line saying what is wrong. */
function callParams(request: JSONRPCRequest): z.infer<typeof callParamsSchema> {
  const parsed = callParamsSchema.safeParse(request.params);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? 'params' : `params.${issue.path.join('.')}`;
  throw new McpError(
    ErrorCode.InvalidParams,
    (
      `Invalid params for tools/call: ${where}: ${issue?.message ?? 'invalid'} ` +
      `(expected { name: string, arguments?: object })`
    ).replace(/\s*\n\s*/g, ' '),
  );
}

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
      onCreated: (opened: WritableSession) =>
        options.log(`session log ${opened.path} (client ${client().name} ${client().version})`),
    }));
  const specs = planToolSpecs(createTodoWriteTool(options.policy));

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: specs }));
  const callTool = async (request: JSONRPCRequest, signal: AbortSignal): Promise<CallToolResult> => {
    const { name, arguments: args } = callParams(request);
    if (name === TODO_WRITE_TOOL_NAME) {
      const overLimit = planLimitError(args);
      if (overLimit !== null) return { content: [{ type: 'text', text: overLimit }], isError: true };
      const result = await session().write(args, signal);
      if (!result.isError) options.onPlanWritten?.(session().standingPlan);
      return { content: [{ type: 'text', text: result.content }], isError: result.isError };
    }
    if (name === TODO_READ_TOOL_NAME) {
      return { content: [{ type: 'text', text: todoReadText(session().standingPlan) }], isError: false };
    }
    throw new McpError(
      ErrorCode.InvalidParams,
      `unknown tool ${JSON.stringify(name)}; this server offers ${TODO_WRITE_TOOL_NAME} and ${TODO_READ_TOOL_NAME}`,
    );
  };
  // tools/call is served here, not through setRequestHandler: the SDK's own check of its
  // params answers a bad call with a multi-line validation dump; ours is one line.
  server.fallbackRequestHandler = async (request, extra) => {
    if (request.method === 'tools/call') return callTool(request, extra.signal);
    throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${request.method}`);
  };

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
