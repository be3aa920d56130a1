// What a tool set is built from (ToolSetOptions) and what each tool's descriptor is
// given to make its tool (ToolSetContext). Each tool states what it needs; asking for
// a tool without it is a ToolSetError (a usage error), never a silent default.
import type { DisposableStore } from '../disposable';
import type { Approvals } from './approvals';
import type { SandboxPolicy } from './bash/sandbox';
import type { ProtectedPaths } from './protected-paths';
import type { RunSubagent } from './subagent/subagent-tool';
import type { ToolRegistry } from './registry';
import type { Redactor } from './tool-env';
import type { Workspace } from './workspace';
import type { WorkspaceFs } from './workspace-fs';
import { brandedError, errorGuard } from '../error-brand';

export interface ToolSetOptions {
  tools: readonly string[];
  /** Required when todo_write is enabled: the core has no default policy. */
  allowParallelInProgress?: boolean;
  /** The workspace folder (absolute); required by bash and the file tools. */
  cwd?: string;
  /** The file system under it (default: node's fs). The extension passes its vscode.workspace.fs adapter. */
  fs?: WorkspaceFs;
  /** Required by the tools that ask for approval. Children share it, so "always allow" covers them. */
  approvals?: Approvals;
  /** Workspace trust; required by bash (refuses to run while false). A function is read at each call. */
  trusted?: boolean | (() => boolean);
  /** Depth of the sessions these tools serve (root = 0, default). `subagent` is left out from MAX_SUBAGENT_DEPTH on. */
  depth?: number;
  /**
   * Required by subagent: runs a child session (agent/subagent-runner.ts
   * `subagentRunner`: the provider, the store for child logs, the step budget).
   */
  subagents?: RunSubagent;
  /** How long a stopped tool may take to answer (default 400 ms). */
  stopGraceMs?: number;
  /** What bash sees of the environment: `base` (default: this process's) minus secrets; `keep` names kept anyway. */
  environment?: { base?: NodeJS.ProcessEnv; keyVariable?: string; keep?: readonly string[] };
  /** Values redacted from every result (the provider's key: `provider.secretValues?.()`). */
  secrets?: readonly string[];
  /** The user's globs added to the built-in protected paths (protected-paths.ts); a malformed one is a ToolSetError. */
  protectedPaths?: readonly string[];
  /** Where grep looks for ripgrep before PATH (the extension: the binary VS Code ships, grep/ripgrep.ts). */
  ripgrep?: readonly string[];
  /** bash's sandbox (default: `auto`, no network). */
  sandbox?: SandboxPolicy;
  /** Told once per process, with the reason, when bash cannot be sandboxed although it should be. */
  onSandboxUnavailable?: (reason: string) => void;
}

export class ToolSetError extends brandedError('ToolSetError') {}

/** Whether `value` is a ToolSetError, whichever bundle's copy of the class made it. */
export const isToolSetError = errorGuard<ToolSetError>('ToolSetError');

/** Given to one descriptor's `create`: the set's options and its shared parts, each built on first use. */
export interface ToolSetContext {
  readonly options: ToolSetOptions;
  /** Depth of the sessions this set serves (root = 0). */
  readonly depth: number;
  /** Applied to every result; tools that stream or read files apply it earlier too. */
  readonly redactor: Redactor;
  /** The environment for processes the tool starts: secrets dropped. */
  readonly env: NodeJS.ProcessEnv;
  /** `value`, or a ToolSetError `<tool> needs <what>`. */
  need<T>(value: T | undefined, what: string): T;
  /** The workspace folder (for tools whose descriptor `needs` 'workspace'). */
  workspace(): Workspace;
  approvals(): Approvals;
  protection(): ProtectedPaths;
  /** The same set for the sessions one level down (a subagent's), owned by the caller. */
  childTools(): { registry: ToolRegistry; owned: DisposableStore };
}
