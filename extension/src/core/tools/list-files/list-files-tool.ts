// list_files: what a workspace folder holds (one level), or every file below it
// whose path matches a glob. Paths come back relative to the workspace folder, ready
// to pass to the other file tools. What the ignore files leave out (walk.ts,
// ignore-rules.ts: ripgrep's meaning) is not listed, only counted, unless the model
// asks for includeIgnored. Bounded: a walk never follows a linked folder, never lists
// .git, and stops at a fixed number of entries. With a glob
// the cap is on matches SHOWN (MAX_LISTED_ENTRIES) and, separately, on entries
// EXAMINED (MAX_WALKED_ENTRIES, the bound on work); each cut says which it was.
import { isGlobError, globMatcher } from '../glob';
import { checkedTool, errorResult, type ToolDefinition, type ToolResult } from '../tool';
import { rulesFor, takenEntries, walk, type WalkCounts } from '../walk';
import { refusalMessage, type Workspace } from '../workspace';
import type { DirectoryEntry } from '../workspace-fs';
import { MAX_LISTED_ENTRIES, MAX_WALKED_ENTRIES, listFilesSignature } from './list-files-signature';

export const noSuchPathMessage = (p: string): string => `no such file or folder: ${JSON.stringify(p)}`;
const EMPTY_FOLDER_TEXT = '(empty folder)';
/** A stopped walk lists what it saw so far: said as stopped, never as "No files match". */
const LIST_STOPPED_MESSAGE = 'the listing was stopped by the user';
const noGlobMatchText = (glob: string, where: string): string => `No files match ${JSON.stringify(glob)} in ${where}.`;
const listCutText = (max: number): string => `[stopped after ${max} entries; narrow the path or the glob]`;
const listWalkCutText = (examined: number, found: number): string =>
  `[stopped after examining ${examined.toLocaleString('en-US')} entries: ${found} ` +
  `match${found === 1 ? '' : 'es'} so far, results are partial; narrow the path or the glob]`;

const listLeftOutText = (count: number): string =>
  `[${count.toLocaleString('en-US')} ignored or hidden ` +
  `${count === 1 ? 'entry' : 'entries'} not listed; includeIgnored: true lists them]`;

const join = (dir: string, rel: string): string => (dir === '.' ? rel : `${dir}/${rel}`);

function entryLine(dir: string, e: DirectoryEntry): string {
  return `${join(dir, e.name)}${e.kind === 'directory' ? '/' : ''}${e.symlink ? ' (symbolic link)' : ''}`;
}

/** The folder being listed: its real path on disk and the path shown for it. */
interface ListedFolder {
  real: string;
  display: string;
}

const listing = (lines: string[]): ToolResult => ({ isError: false, content: lines.join('\n') });
const leftOutLines = (counts: WalkCounts): string[] => (counts.left > 0 ? [listLeftOutText(counts.left)] : []);

export function createListFilesTool(workspace: Workspace): ToolDefinition {
  return checkedTool(listFilesSignature, async (args, ctx) => {
    const userPath = args.path ?? '.';
    let matches: ((rel: string) => boolean) | undefined;
    try {
      matches = args.glob === undefined ? undefined : globMatcher(args.glob);
    } catch (error) {
      if (isGlobError(error)) return errorResult(`invalid glob: ${error.message}`);
      throw error;
    }
    const target = await workspace.resolve(userPath);
    if (!target.ok) return errorResult(target.message);
    if (target.stat === null) return errorResult(noSuchPathMessage(userPath));
    if (target.stat.kind !== 'directory') {
      const ok = matches === undefined || matches(target.display.slice(target.display.lastIndexOf('/') + 1));
      return { isError: false, content: ok ? target.display : noGlobMatchText(args.glob ?? '', target.display) };
    }
    const includeIgnored = args.includeIgnored === true;
    if (matches === undefined) return listFolder(workspace, target, userPath, includeIgnored);
    const walkOptions = { signal: ctx.signal, includeIgnored };
    return listMatching(workspace, target, { matches, glob: args.glob ?? '' }, walkOptions);
  });
}

/** The folder's own entries, one level. */
async function listFolder(
  workspace: Workspace,
  target: ListedFolder,
  userPath: string,
  includeIgnored: boolean,
): Promise<ToolResult> {
  const counts: WalkCounts = { left: 0 };
  let entries: DirectoryEntry[];
  try {
    const rules = includeIgnored ? null : await rulesFor(workspace, target.real);
    const taken = await takenEntries(workspace, target.real, rules, false);
    entries = taken.entries;
    counts.left = taken.left;
  } catch (error) {
    const refused = refusalMessage(error, userPath);
    if (refused === null) throw error;
    return errorResult(refused);
  }
  if (entries.length === 0) return listing([EMPTY_FOLDER_TEXT, ...leftOutLines(counts)]);
  const lines = entries.slice(0, MAX_LISTED_ENTRIES).map((e) => entryLine(target.display, e));
  const cut = entries.length > MAX_LISTED_ENTRIES ? [listCutText(MAX_LISTED_ENTRIES)] : [];
  return listing([...lines, ...cut, ...leftOutLines(counts)]);
}

/** Every file below the folder whose path matches the glob, sorted; the walk and the list are both capped. */
async function listMatching(
  workspace: Workspace,
  target: ListedFolder,
  { matches, glob }: { matches: (rel: string) => boolean; glob: string },
  walkOptions: { signal: AbortSignal; includeIgnored: boolean },
): Promise<ToolResult> {
  const lines: string[] = [];
  const counts: WalkCounts = { left: 0 };
  let walked = 0;
  let walkCut = false;
  let cut = false;
  for await (const e of walk(workspace, target.real, walkOptions, counts)) {
    if (walked === MAX_WALKED_ENTRIES) {
      walkCut = true;
      break;
    }
    walked++;
    if (e.kind === 'directory' || !matches(e.rel)) continue;
    if (lines.length === MAX_LISTED_ENTRIES) {
      cut = true;
      break;
    }
    lines.push(`${join(target.display, e.rel)}${e.symlink ? ' (symbolic link)' : ''}`);
  }
  if (walkOptions.signal.aborted) return errorResult(LIST_STOPPED_MESSAGE);
  lines.sort();
  if (walkCut) return listing([...lines, listWalkCutText(MAX_WALKED_ENTRIES, lines.length)]);
  if (lines.length === 0) return listing([noGlobMatchText(glob, target.display), ...leftOutLines(counts)]);
  return listing([...lines, ...(cut ? [listCutText(MAX_LISTED_ENTRIES)] : []), ...leftOutLines(counts)]);
}
