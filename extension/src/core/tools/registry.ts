// The tools a session's model can call. Registration returns a disposable; a name
// is held by one tool at a time, so register -> dispose -> register leaves one.
import { type Disposable, toDisposable } from '../disposable';
import { errorResult, type ToolContext, type ToolDefinition, type ToolResult } from './tool';

export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export class ToolRegistry {
  private readonly tools = new Map<string, ToolDefinition>();

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
    return [...this.tools.values()].map((t) => ({ name: t.name, description: t.description, parameters: t.parameters }));
  }

  /**
   * Runs a call as the model sent it (raw JSON text). Unparseable arguments, an
   * unknown tool and a throwing tool all become error results the model can read.
   */
  async execute(name: string, rawArguments: string, ctx: ToolContext): Promise<ToolResult> {
    const tool = this.tools.get(name);
    if (!tool) return errorResult(`unknown tool ${JSON.stringify(name)}; available tools: ${this.names().join(', ') || 'none'}`);
    let args: unknown;
    try {
      args = rawArguments.trim() === '' ? {} : JSON.parse(rawArguments);
    } catch (error) {
      return errorResult(`invalid arguments: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    try {
      return await tool.execute(args, ctx);
    } catch (error) {
      if (ctx.signal.aborted) return errorResult('the call was stopped by the user');
      return errorResult(`${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
