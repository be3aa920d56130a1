// The tools a session's model can call. Registration returns a disposable; a name
// is held by one tool at a time, so register -> dispose -> register leaves one.
import { type Disposable, toDisposable } from '../disposable';
import type { Redactor } from './tool-env';
import { errorResult, type ToolContext, type ToolDefinition, type ToolResult } from './tool';

export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

  /**
   * `stopGraceMs`: how long a stopped tool may take to answer before the registry
   * answers for it (Stop is answered within it, whatever the tool does).
   * `redactor`: applied to every result before anyone sees it (the log, the model, hosts).
   */
  constructor(
    private readonly stopGraceMs = DEFAULT_STOP_GRACE_MS,
    private readonly redactor?: Redactor,
  ) {}

  register(tool: ToolDefinition): Disposable {
    if (this.tools.has(tool.name)) throw new Error(`a tool named ${tool.name} is already registered`);
    this.tools.set(tool.name, tool);
    return toDisposable(() => {
      if (this.tools.get(tool.name) === tool) this.tools.delete(tool.name);
    });
  }

  get(name: string): ToolDefinition | undefined {
    return this.tools.get(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  specs(): ToolSpec[] {
    return [...this.tools.values()].map((t) => ({
      name: t.name,
      description: t.description,
      parameters: t.parameters,
    }));
  }

  /**
   * Runs a call as the model sent it (raw JSON text). Unparseable arguments, an
   * unknown tool and a throwing tool all become error results the model can read.
   */
  async execute(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool)
      return errorResult(`unknown tool ${JSON.stringify(name)}; available tools: ${this.names().join(', ') || 'none'}`);
    let args: unknown;
    try {
      args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
    } catch (error) {
      return errorResult(
        `invalid arguments: not valid JSON (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    const run = tool
      .execute(args, ctx)
      .catch((error: unknown) =>
        ctx.signal.aborted
          ? STOPPED_RESULT
          : errorResult(`${name} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    const result = await raceStop(run, ctx.signal, this.stopGraceMs);
    if (this.redactor === undefined || this.redactor.empty) return result;
    const { redactor } = this;
    const content = redactor.redact(result.content);
    if (result.details === undefined) return { isError: result.isError, content };
    // The details are kept (a bash row's exit status is in them); any text in them, which
    // a tool may have copied from its output, is redacted like the content.
    const details = { ...redactStrings(result.details, (text) => redactor.redact(text)), tool: result.details.tool };
    return { isError: result.isError, content, details };
  }
}

/** `value` with every string in it (object values and array items, at any depth) passed through `redact`. */
function redactStrings(value: Record<string, unknown>, redact: (text: string) => string): Record<string, unknown> {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return redact(v);
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v === 'object' && v !== null)
      return Object.fromEntries(Object.entries(v).map(([k, item]) => [k, walk(item)]));
    return v;
  };
  return Object.fromEntries(Object.entries(value).map(([k, item]) => [k, walk(item)]));
}

/** Under the 500 ms in which Stop must be answered. */
const DEFAULT_STOP_GRACE_MS = 400;

const STOPPED_RESULT = errorResult('the call was stopped by the user');

/**
 * Stop must end a turn even when a tool ignores its signal: after the grace period a
 * stopped call gets the stopped result (a tool that honours the signal answers first,
 * with its own partial result).
 */
async function raceStop(run: Promise<ToolResult>, signal: AbortSignal, graceMs: number): Promise<ToolResult> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort = (): void => {};
  const stopped = new Promise<ToolResult>((resolve) => {
    onAbort = () => void (timer = setTimeout(() => resolve(STOPPED_RESULT), graceMs));
  });
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([run, stopped]);
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
  }
}
