// The tools a session enables, by name. One place knows every built-in tool, so
// the CLI and the extension enable the same things the same way. Each tool states
// what it needs; asking for a tool without it is a ToolSetError (a usage error),
// never a silent default: the workspace folder for the workspace tools, approvals
// for the tools that change things or run commands, an explicit trust decision for
// bash, the runner's dependencies for subagent.
// Every set is built secret-free: bash gets the environment minus the provider's key
// and every secret-looking variable, and every result is redacted of those values and
// of the provider's credentials before anyone sees it (tools/tool-env.ts).
import { type Disposable, DisposableStore } from '../disposable';
import { registerTodoWriteTool, TODO_WRITE_TOOL_NAME } from '../plan/todo-write-tool';
import type { Approvals } from '../tools/approvals';
import { BASH_TOOL_NAME, registerBashTool } from '../tools/bash/bash-tool';
import { EDIT_FILE_TOOL_NAME, registerEditFileTool } from '../tools/edit-file/edit-file-tool';
import { GREP_TOOL_NAME, registerGrepTool } from '../tools/grep/grep-tool';
import { LIST_FILES_TOOL_NAME, registerListFilesTool } from '../tools/list-files/list-files-tool';
import { GlobError, globMatcher } from '../tools/glob';
import { NodeWorkspaceFs } from '../tools/node-workspace-fs';
import { protectedPaths, type ProtectedPaths } from '../tools/protected-paths';
import { READ_FILE_TOOL_NAME, registerReadFileTool } from '../tools/read-file/read-file-tool';
import { ToolRegistry } from '../tools/registry';
import type { SandboxPolicy } from '../tools/bash/sandbox';
import { Redactor, toolEnvironment } from '../tools/tool-env';
import { registerWriteFileTool, WRITE_FILE_TOOL_NAME } from '../tools/write-file/write-file-tool';
import { Workspace } from '../tools/workspace';
import type { WorkspaceFs } from '../tools/workspace-fs';
import type { SubagentDeps } from './subagent-run';
import { MAX_SUBAGENT_DEPTH, registerSubagentTool, SUBAGENT_TOOL_NAME } from './subagent-tool';

export const BUILT_IN_TOOLS = [
  TODO_WRITE_TOOL_NAME,
  BASH_TOOL_NAME,
  READ_FILE_TOOL_NAME,
  WRITE_FILE_TOOL_NAME,
  EDIT_FILE_TOOL_NAME,
  LIST_FILES_TOOL_NAME,
  GREP_TOOL_NAME,
  SUBAGENT_TOOL_NAME,
] as const;
/** What a session gets when nothing says otherwise: planning only, nothing that touches the workspace. */
export const DEFAULT_TOOLS: readonly string[] = [TODO_WRITE_TOOL_NAME];

export interface ToolSetOptions {
  tools: readonly string[];
  /** Required when todo_write is enabled: the core has no default policy. */
  allowParallelInProgress?: boolean;
  /** The workspace folder (absolute); required by bash and the file tools. */
  cwd?: string;
  /** The file system under it (default: node's fs). The extension passes its vscode.workspace.fs adapter. */
  fs?: WorkspaceFs;
  /** Required by bash, write_file and edit_file. Children share it, so "always allow" covers them. */
  approvals?: Approvals;
  /** Workspace trust; required by bash (refuses to run while false). A function is read at each call. */
  trusted?: boolean | (() => boolean);
  /** Depth of the sessions these tools serve (root = 0, default). `subagent` is left out from MAX_SUBAGENT_DEPTH on. */
  depth?: number;
  /** Required by subagent: the provider, the store for child logs, the step budget. */
  subagents?: SubagentDeps;
  /** How long a stopped tool may take to answer (default 400 ms). */
  stopGraceMs?: number;
  /** What bash sees of the environment: `base` (default: this process's) minus secrets; `keep` names kept anyway. */
  environment?: { base?: NodeJS.ProcessEnv; keyVariable?: string; keep?: readonly string[] };
  /** Values redacted from every result (the provider's key: `provider.secretValues?.()`). */
  secrets?: readonly string[];
  /** The user's globs added to the built-in protected paths (protected-paths.ts); a malformed one is a ToolSetError. */
  protectedPaths?: readonly string[];
  /** bash's sandbox (default: `auto`, no network). */
  sandbox?: SandboxPolicy;
  /** Told once per process, with the reason, when bash cannot be sandboxed although it should be. */
  onSandboxUnavailable?: (reason: string) => void;
}

export class ToolSetError extends Error {}

function protectionFor(extra: readonly string[]): ProtectedPaths {
  try {
    // Each glob checked as the user wrote it, so the message quotes it unchanged.
    for (const glob of extra) globMatcher(glob);
    return protectedPaths(extra);
  } catch (error) {
    if (error instanceof GlobError) throw new ToolSetError(`protected paths: ${error.message}`);
    throw error;
  }
}

const WORKSPACE_TOOLS: readonly string[] = [BASH_TOOL_NAME, READ_FILE_TOOL_NAME, WRITE_FILE_TOOL_NAME, EDIT_FILE_TOOL_NAME, LIST_FILES_TOOL_NAME, GREP_TOOL_NAME];

export function buildToolRegistry(options: ToolSetOptions): { registry: ToolRegistry; owned: DisposableStore } {
  const toolEnv = toolEnvironment(options.environment?.base ?? process.env, {
    ...(options.environment?.keyVariable === undefined ? {} : { keyVariable: options.environment.keyVariable }),
    ...(options.environment?.keep === undefined ? {} : { keep: options.environment.keep }),
  });
  const redactor = new Redactor([...(options.secrets ?? []), ...toolEnv.droppedValues]);
  const registry = new ToolRegistry(options.stopGraceMs, redactor);
  const owned = new DisposableStore();
  try {
    const names = [...new Set(options.tools)];
    const depth = options.depth ?? 0;
    const workspace = names.some((n) => WORKSPACE_TOOLS.includes(n)) ? workspaceFor(options, names) : undefined;
    let protect: ProtectedPaths | undefined;
    // Built only for the tools that read it, so a malformed glob fails those tools alone.
    const protection = (): ProtectedPaths => (protect ??= protectionFor(options.protectedPaths ?? []));
    const need = <T>(value: T | undefined, tool: string, what: string): T => {
      if (value === undefined) throw new ToolSetError(`${tool} needs ${what}`);
      return value;
    };
    for (const name of names) {
      owned.add(registerOne(name));
    }
    return { registry, owned };

    function registerOne(name: string): Disposable {
      switch (name) {
        case TODO_WRITE_TOOL_NAME:
          return registerTodoWriteTool(registry, { allowParallelInProgress: need(options.allowParallelInProgress, name, 'the allowParallelInProgress policy (true or false)') });
        case BASH_TOOL_NAME:
          return registerBashTool(registry, {
            workspace: workspace!,
            approvals: need(options.approvals, name, 'approvals (a gate to ask, or auto-approve)'),
            trusted: need(options.trusted, name, 'the workspace trust decision (trusted: true or false)'),
            env: toolEnv.env,
            redactor,
            ...(options.sandbox === undefined ? {} : { sandbox: options.sandbox }),
            ...(options.onSandboxUnavailable === undefined ? {} : { onSandboxUnavailable: options.onSandboxUnavailable }),
          });
        case READ_FILE_TOOL_NAME:
          return registerReadFileTool(registry, workspace!, redactor);
        case WRITE_FILE_TOOL_NAME:
          return registerWriteFileTool(registry, { workspace: workspace!, approvals: need(options.approvals, name, 'approvals (a gate to ask, or auto-approve)'), protect: protection() });
        case EDIT_FILE_TOOL_NAME:
          return registerEditFileTool(registry, { workspace: workspace!, approvals: need(options.approvals, name, 'approvals (a gate to ask, or auto-approve)'), protect: protection() });
        case LIST_FILES_TOOL_NAME:
          return registerListFilesTool(registry, workspace!);
        case GREP_TOOL_NAME:
          return registerGrepTool(registry, workspace!, redactor);
        case SUBAGENT_TOOL_NAME: {
          const deps = need(options.subagents, name, 'the subagent runner (provider, session store, max steps)');
          // Past the depth limit the same set is built without subagent: nesting stops here.
          if (depth >= MAX_SUBAGENT_DEPTH) return { dispose: () => undefined };
          return registerSubagentTool(registry, {
            ...deps,
            depth,
            buildChildTools: () => buildToolRegistry({ ...options, depth: depth + 1 }),
          });
        }
        default:
          throw new ToolSetError(`unknown tool ${JSON.stringify(name)}; built-in tools: ${BUILT_IN_TOOLS.join(', ')}`);
      }
    }
  } catch (error) {
    owned.dispose();
    throw error;
  }
}

function workspaceFor(options: ToolSetOptions, names: string[]): Workspace {
  const tool = names.find((n) => WORKSPACE_TOOLS.includes(n));
  if (options.cwd === undefined) throw new ToolSetError(`${tool} needs the workspace folder (cwd)`);
  try {
    return new Workspace(options.cwd, options.fs ?? new NodeWorkspaceFs());
  } catch (error) {
    throw new ToolSetError(error instanceof Error ? error.message : String(error));
  }
}
