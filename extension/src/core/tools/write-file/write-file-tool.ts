// write_file: create or replace a workspace file with the given text. A write
// changes the user's files, so it needs the user's approval unless they chose
// auto-approve: arguments -> path confinement -> target checks -> approval -> write.
import * as path from 'node:path';
import type { Approvals } from '../approvals';
import { protectedPaths, type ProtectedPaths } from '../protected-paths';
import { isFolderMessage, notRegularFileMessage } from '../text-file';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import { refusalMessage, type ResolvedPath, type Workspace } from '../workspace';
import { contentTooLargeMessage, guardTarget, MAX_WRITE_BYTES, utf8Length } from '../write-guard';
import { WRITE_FILE_TOOL_NAME, APPROVAL_PREVIEW_CHARS, writeFileSignature } from './write-file-signature';

export function preview(text: string): string {
  return text.length > APPROVAL_PREVIEW_CHARS
    ? `${text.slice(0, APPROVAL_PREVIEW_CHARS)}\n[… ${text.length - APPROVAL_PREVIEW_CHARS} more characters]`
    : text;
}

export interface WriteToolOptions {
  workspace: Workspace;
  approvals: Approvals;
  /** What the model may not write freely (default: the built-in rules only). */
  protect?: ProtectedPaths;
}

/** A write that passed the checks made before approval. */
export interface CheckedWrite {
  target: ResolvedPath;
  bytes: number;
  verb: 'Create' | 'Replace';
  /** Set for a protected file: only the user's approval of this one file lets it be written (approvals.ts). */
  protectedReason?: string;
}

/**
 * write_file's checks before approval, for any writer of the model's or an agent's
 * content (`tool` names it in the size refusal): the size, the confinement, a regular
 * file or nothing there, the protection (a `never` path is refused here, whatever is approved later).
 */
export async function checkWrite(
  workspace: Workspace,
  protect: ProtectedPaths,
  tool: string,
  userPath: string,
  content: string,
): Promise<({ ok: true } & CheckedWrite) | { ok: false; message: string }> {
  const bytes = utf8Length(content);
  if (bytes > MAX_WRITE_BYTES) return { ok: false, message: contentTooLargeMessage(tool, bytes) };
  const target = await workspace.resolve(userPath);
  if (!target.ok) return target;
  if (target.stat?.kind === 'directory') return { ok: false, message: isFolderMessage(userPath) };
  if (target.stat !== null && target.stat.kind !== 'file')
    return { ok: false, message: notRegularFileMessage(userPath) };
  const guard = guardTarget(protect, target.display);
  if (!guard.ok) return guard;
  const verb = target.stat === null ? 'Create' : 'Replace';
  return {
    ok: true,
    target,
    bytes,
    verb,
    ...(guard.protectedReason === undefined ? {} : { protectedReason: guard.protectedReason }),
  };
}

/**
 * Writes a checked (and approved) write, missing folders created; a path
 * that changed since its check is refused, with the model-facing message.
 */
export async function writeChecked(
  workspace: Workspace,
  write: CheckedWrite,
  userPath: string,
  content: string,
): Promise<{ ok: boolean; message: string }> {
  const { target, bytes } = write;
  try {
    await workspace.createDirectory(path.dirname(target.real));
    await workspace.writeFile(target.real, content);
  } catch (error) {
    const refused = refusalMessage(error, userPath);
    if (refused === null) throw error;
    return { ok: false, message: refused };
  }
  const how = target.stat === null ? 'created the file' : `replaced the previous ${target.stat.size} bytes`;
  return { ok: true, message: `Wrote ${bytes} bytes to ${target.display} (${how}).` };
}

/** The approval card's summary line of a checked write. */
export const writeSummary = ({ verb, target, bytes }: CheckedWrite): string =>
  `${verb} ${target.display} (${bytes} bytes)`;

export function createWriteFileTool({
  workspace,
  approvals,
  protect = protectedPaths(),
}: WriteToolOptions): ToolDefinition {
  return checkedTool(writeFileSignature, async (args, ctx) => {
    const { content } = args;
    const checked = await checkWrite(workspace, protect, WRITE_FILE_TOOL_NAME, args.path, content);
    if (!checked.ok) return errorResult(checked.message);
    const { target, verb } = checked;
    const approval = await approvals.checkCall(
      WRITE_FILE_TOOL_NAME,
      { summary: writeSummary(checked), detail: `${verb} ${target.display} with:\n${preview(content)}` },
      ctx,
      checked.protectedReason,
    );
    if (!approval.approved) return errorResult(approval.message);
    const written = await writeChecked(workspace, checked, args.path, content);
    return written.ok ? { isError: false, content: written.message } : errorResult(written.message);
  });
}
