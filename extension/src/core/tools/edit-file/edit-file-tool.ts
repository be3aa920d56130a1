// edit_file: replace exactly one occurrence of a string in a workspace text file.
// Zero or several occurrences are refused with a stable message that tells the
// model how to fix the call. Needs approval like write_file; the edit is checked
// again on the file as it is after approval, so a change made meanwhile is not clobbered.
import { protectedPaths } from '../protected-paths';
import { readTextFile } from '../text-file';
import { checkedTool, errorResult, type ToolDefinition } from '../tool';
import { refusalMessage, type Workspace } from '../workspace';
import { preview, type WriteToolOptions } from '../write-file/write-file-tool';
import { contentTooLargeMessage, guardTarget, MAX_WRITE_BYTES, utf8Length } from '../write-guard';
import { EDIT_FILE_TOOL_NAME, editFileSignature } from './edit-file-signature';

const SAME_STRINGS_MESSAGE = 'old_string and new_string are the same; there is nothing to change';
const changedWhileAskedMessage = (p: string): string =>
  `${JSON.stringify(p)} now leads to another file than the one approved (a symbolic link changed); nothing was written`;
const notFoundMessage = (p: string): string =>
  `old_string was not found in ${JSON.stringify(p)}; read the file ` +
  `and copy the exact text, including whitespace and indentation`;
const notUniqueMessage = (p: string, n: number): string =>
  `old_string occurs ${n} times in ${JSON.stringify(p)}; include ` +
  `more surrounding lines so that it matches exactly one place`;

/** Occurrences of `needle`, overlapping ones included (`aa` occurs twice in `aaa`). */
function countOccurrences(haystack: string, needle: string): { count: number; first: number } {
  let count = 0;
  let first = -1;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (first === -1) first = at;
    count++;
  }
  return { count, first };
}

/** The 1-based line of `text` that offset `at` lies on, counted without splitting the text. */
function lineAt(text: string, at: number): number {
  let line = 1;
  for (let nl = text.indexOf('\n'); nl !== -1 && nl < at; nl = text.indexOf('\n', nl + 1)) line++;
  return line;
}

type EditOutcome = { ok: true; text: string; line: number } | { ok: false; message: string };

/** Pure: the file's text after the edit, and the 1-based line where the edit starts. */
function applyUniqueEdit(text: string, oldString: string, newString: string, displayPath: string): EditOutcome {
  if (oldString === newString) return { ok: false, message: SAME_STRINGS_MESSAGE };
  const { count, first } = countOccurrences(text, oldString);
  if (count === 0) return { ok: false, message: notFoundMessage(displayPath) };
  if (count > 1) return { ok: false, message: notUniqueMessage(displayPath, count) };
  return {
    ok: true,
    text: text.slice(0, first) + newString + text.slice(first + oldString.length),
    line: lineAt(text, first),
  };
}

const diffLines = (prefix: string, text: string): string =>
  preview(text)
    .split('\n')
    .map((l) => `${prefix}${l}`)
    .join('\n');

type PlannedEdit = { ok: true; display: string; line: number; bytes: number } | { ok: false; message: string };

/** The edit on the file as it is now, found exactly once, but not made: only its place and size are kept. */
async function planEdit(
  workspace: Workspace,
  userPath: string,
  oldString: string,
  newString: string,
): Promise<PlannedEdit> {
  const before = await readTextFile(workspace, userPath);
  if (!before.ok) return before;
  const edit = applyUniqueEdit(before.text, oldString, newString, userPath);
  if (!edit.ok) return edit;
  return { ok: true, display: before.file.display, line: edit.line, bytes: utf8Length(edit.text) };
}

export function createEditFileTool({
  workspace,
  approvals,
  protect = protectedPaths(),
}: WriteToolOptions): ToolDefinition {
  return checkedTool(editFileSignature, async (args, ctx) => {
    const { path: userPath, old_string: oldString, new_string: newString } = args;
    if (oldString === newString) return errorResult(SAME_STRINGS_MESSAGE);
    // The file's text and the edited text are not held while the user decides: the
    // edit is made again on the file as it is after approval.
    const planned = await planEdit(workspace, userPath, oldString, newString);
    if (!planned.ok) return errorResult(planned.message);
    const { display, line } = planned;
    const guard = guardTarget(protect, display);
    if (!guard.ok) return errorResult(guard.message);
    if (planned.bytes > MAX_WRITE_BYTES) return errorResult(contentTooLargeMessage(EDIT_FILE_TOOL_NAME, planned.bytes));
    const approval = await approvals.checkCall(
      EDIT_FILE_TOOL_NAME,
      {
        summary: `Edit ${display} at line ${line}`,
        detail: `Edit ${display} at line ${line}:\n${diffLines('- ', oldString)}\n${diffLines('+ ', newString)}`,
      },
      ctx,
      guard.protectedReason,
    );
    if (!approval.approved) return errorResult(approval.message);
    const now = await readTextFile(workspace, userPath);
    if (!now.ok) return errorResult(now.message);
    // The file may have been swapped for a link to a protected one while the user was asked.
    if (now.file.display !== display) return errorResult(changedWhileAskedMessage(userPath));
    const edit = applyUniqueEdit(now.text, oldString, newString, userPath);
    if (!edit.ok) return errorResult(edit.message);
    const bytes = utf8Length(edit.text);
    if (bytes > MAX_WRITE_BYTES) return errorResult(contentTooLargeMessage(EDIT_FILE_TOOL_NAME, bytes));
    try {
      await workspace.writeFile(now.file.real, edit.text);
    } catch (error) {
      const refused = refusalMessage(error, userPath);
      if (refused === null) throw error;
      return errorResult(refused);
    }
    const lines = newString.split('\n').length;
    return {
      isError: false,
      content:
        `Edited ${display}: replaced 1 occurrence at line ` +
        `${edit.line} (${lines} line${lines === 1 ? '' : 's'} now).`,
    };
  });
}
