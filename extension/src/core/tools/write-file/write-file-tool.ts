// write_file: create or replace a workspace file with the given text. A write
// changes the user's files, so it needs the user's approval unless they chose
// auto-approve: arguments -> path confinement -> target checks -> approval -> write.
import * as path from 'node:path';
import * as z from 'zod/mini';
import type { Disposable } from '../../disposable';
import type { Approvals } from '../approvals';
import { protectedPaths, type ProtectedPaths } from '../protected-paths';
import type { ToolRegistry } from '../registry';
import { isFolderMessage, notRegularFileMessage } from '../text-file';
import { filePathArg, WORKSPACE_PATHS_RULE } from '../file-path-arg';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import { refusalMessage, type Workspace } from '../workspace';
import { contentTooLargeMessage, guardTarget, MAX_WRITE_BYTES, utf8Length } from '../write-guard';

export const WRITE_FILE_TOOL_NAME = 'write_file';
/** How much of the new content an approval prompt shows. */
export const APPROVAL_PREVIEW_CHARS = 4000;

export const WRITE_FILE_DESCRIPTION = [
  'Create a text file in the workspace, or replace an existing file\'s whole content. Missing parent folders are created.',
  'To change part of an existing file prefer edit_file; read a file before replacing it. The user may have to approve each write; a denied write changes nothing: do not retry it unchanged.',
  WORKSPACE_PATHS_RULE,
].join('\n\n');

export const writeFileArgsSchema = z.object({
  path: filePathArg,
  content: z.string().check(z.describe('The whole new content of the file.')),
}) satisfies z.ZodMiniType<{ path: string; content: string }>;

export const writeFileSignature = { name: WRITE_FILE_TOOL_NAME, description: WRITE_FILE_DESCRIPTION, args: writeFileArgsSchema, asksApproval: true } as const;

export function preview(text: string): string {
  return text.length > APPROVAL_PREVIEW_CHARS ? `${text.slice(0, APPROVAL_PREVIEW_CHARS)}\n[… ${text.length - APPROVAL_PREVIEW_CHARS} more characters]` : text;
}

export interface WriteToolOptions {
  workspace: Workspace;
  approvals: Approvals;
  /** What the model may not write freely (default: the built-in rules only). */
  protect?: ProtectedPaths;
}

export function createWriteFileTool({ workspace, approvals, protect = protectedPaths() }: WriteToolOptions): ToolDefinition {
  return checkedTool(writeFileSignature, async (args, ctx) => {
    const { content } = args;
    const bytes = utf8Length(content);
    if (bytes > MAX_WRITE_BYTES) return errorResult(contentTooLargeMessage(WRITE_FILE_TOOL_NAME, bytes));
    const target = await workspace.resolve(args.path);
    if (!target.ok) return errorResult(target.message);
    if (target.stat?.kind === 'directory') return errorResult(isFolderMessage(args.path));
    if (target.stat !== null && target.stat.kind !== 'file') return errorResult(notRegularFileMessage(args.path));
    const guard = guardTarget(protect, target.display);
    if (!guard.ok) return errorResult(guard.message);
    const verb = target.stat === null ? 'Create' : 'Replace';
    const approval = await approvals.checkCall(WRITE_FILE_TOOL_NAME, { summary: `${verb} ${target.display} (${bytes} bytes)`, detail: `${verb} ${target.display} with:\n${preview(content)}` }, ctx, guard.protectedReason);
    if (!approval.approved) return errorResult(approval.message);
    try {
      await workspace.createDirectory(path.dirname(target.real));
      await workspace.writeFile(target.real, content);
    } catch (error) {
      const refused = refusalMessage(error, args.path);
      if (refused === null) throw error;
      return errorResult(refused);
    }
    const how = target.stat === null ? 'created the file' : `replaced the previous ${target.stat.size} bytes`;
    return { isError: false, content: `Wrote ${bytes} bytes to ${target.display} (${how}).` };
  });
}

export function registerWriteFileTool(registry: ToolRegistry, options: WriteToolOptions): Disposable {
  return registry.register(createWriteFileTool(options));
}
