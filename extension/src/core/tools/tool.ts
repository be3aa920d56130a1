// What a tool is, to the registry and the agent loop.
import * as z from 'zod/mini';
import type { Session } from '../session/session';
import type { ToolResultDetails } from '../session/events';
import { parseArguments } from '../zod-issues';
import { lazyModule, type LazyRequire } from '../lazy-module';

/** Who is calling. A tool that needs a session gets it only from a model step. */
export interface ToolContext {
  agent?: { session: Session };
  signal: AbortSignal;
  callId: string;
}

export interface ToolResult {
  isError: boolean;
  /** The text the model sees. */
  content: string;
  /** Data the row is made from, logged with the result (`tool/result.details`). */
  details?: ToolResultDetails;
}

export interface ToolDefinition {
  readonly name: string;
  readonly description: string;
  /** JSON Schema the model sees, generated from the tool's zod schema. */
  readonly parameters: Record<string, unknown>;
  execute(args: unknown, ctx: ToolContext): Promise<ToolResult>;
}

/**
 * What the model is told of a tool: its name, the text it reads, and the schema
 * its arguments are checked against (the JSON Schema it sees is made from it).
 */
export interface ToolSignature<N extends string = string, A = unknown> {
  readonly name: N;
  readonly description: string;
  readonly args: z.ZodMiniType<A>;
}

/**
 * The tool of `signature`: a call's arguments are checked against `signature.args`
 * first (an `invalid arguments: …` error result otherwise), then `run` gets them typed.
 */
export function checkedTool<A>(
  signature: ToolSignature<string, A>,
  run: (args: A, ctx: ToolContext) => Promise<ToolResult>,
): ToolDefinition {
  return {
    name: signature.name,
    description: signature.description,
    parameters: toParameters(signature.args),
    async execute(raw, ctx): Promise<ToolResult> {
      const parsed = parseArguments(signature.args, raw);
      return parsed.ok ? run(parsed.value, ctx) : errorResult(parsed.message);
    },
  };
}

export function errorResult(message: string): ToolResult {
  return { isError: true, content: `Error: ${message}` };
}

type JsonSchemaModule = Pick<typeof import('./json-schema'), 'jsonSchemaOf'>;
declare const require: LazyRequire<{ './json-schema': JsonSchemaModule }>;
const jsonSchema = lazyModule(() => require('./json-schema'));

/**
 * JSON Schema for the model, from the same zod schema that validates
 * the call (json-schema.ts, loaded at the first tool built).
 */
export function toParameters(schema: z.ZodMiniType): Record<string, unknown> {
  return jsonSchema().jsonSchemaOf(schema);
}
