// The texts the tools answer with, written out as the tests expect them (not imported
// from the tools), so that a change to a tool's wording is a failing test, not a silent one.
export const deniedMessage = (tool: string): string =>
  `the user denied this ${tool} call. Do not retry it as is: ask the user what to do or take another approach.`;
export const unattendedMessage = (tool: string, hint?: string): string =>
  `this ${tool} call needs the user's approval and no one can ` +
  `be asked here${hint ? ` (${hint})` : ''}. It was not run.`;
export const protectedUnattendedMessage = (tool: string, reason: string): string =>
  `this ${tool} call needs the user's approval of this one file and no one can be ` +
  `asked here (--yes and auto-approve do not cover it). It was not run. ${reason}`;
export const stoppedBeforeApprovalMessage = (tool: string): string =>
  `the ${tool} call was stopped by the user before it was approved`;
export const outsideWorkspaceMessage = (p: string, root: string): string =>
  `path ${JSON.stringify(p)} is outside the workspace (${root}); only paths inside it can be used`;
export const symlinkOutsideMessage = (p: string): string =>
  `path ${JSON.stringify(p)} leads outside the workspace through a symbolic link; it was refused`;
export const brokenLinkMessage = (p: string): string =>
  `path ${JSON.stringify(p)} is a broken symbolic link; it was refused`;
export const hardLinkMessage = (p: string): string =>
  `${JSON.stringify(p)} has more than one hard link; another name ` +
  `of it may lie outside the workspace, so the file tools refuse it`;
export const noSuchFileMessage = (p: string): string => `no such file: ${JSON.stringify(p)}`;
export const binaryFileMessage = (p: string): string =>
  `${JSON.stringify(p)} looks like a binary file; only text files can be read or edited`;
export const EMPTY_FOLDER_TEXT = '(empty folder)';
export const LIST_STOPPED_MESSAGE = 'the listing was stopped by the user';
export const noGlobMatchText = (glob: string, where: string): string =>
  `No files match ${JSON.stringify(glob)} in ${where}.`;
export const listCutText = (max: number): string => `[stopped after ${max} entries; narrow the path or the glob]`;
export const listWalkCutText = (examined: number, found: number): string =>
  `[stopped after examining ${examined.toLocaleString('en-US')} entries: ${found} ` +
  `match${found === 1 ? '' : 'es'} so far, results are partial; narrow the path or the glob]`;
export const listLeftOutText = (count: number): string =>
  `[${count.toLocaleString('en-US')} ignored or hidden ` +
  `${count === 1 ? 'entry' : 'entries'} not listed; includeIgnored: true lists them]`;
export const EMPTY_FILE_TEXT = '(empty file)';
export const offsetPastEndMessage = (offset: number, lines: number): string =>
  `offset ${offset} is past the end of the file (${lines} lines)`;
export const SAME_STRINGS_MESSAGE = 'old_string and new_string are the same; there is nothing to change';
export const notFoundMessage = (p: string): string =>
  `old_string was not found in ${JSON.stringify(p)}; read the file ` +
  `and copy the exact text, including whitespace and indentation`;
export const notUniqueMessage = (p: string, n: number): string =>
  `old_string occurs ${n} times in ${JSON.stringify(p)}; include ` +
  `more surrounding lines so that it matches exactly one place`;
export const SUBAGENT_NO_OWNER_MESSAGE = 'subagent requires an owning agent session';
export const EMPTY_FINAL_TEXT = '(the subagent finished without a final message)';
export const NO_OUTPUT = '(no output)';
export const cutMarker = (droppedBytes: number): string => `\n[… ${droppedBytes} bytes of output dropped …]\n`;
