// The file tools' rows: the files a call changes as a -/+ line diff of what it
// removes and adds, bounded (the lines past the bound are counted); a call that
// changes none as the generic view with what it acts on (a path, a pattern) as the
// row's summary. Zod-free.
import { type DiffLine } from '../protocol/tool-view';
import { oneLine, type PresentedCall, type ToolCallRecord } from './tool-presenter';
import type { FileChange } from '../session/tool-facts';

/** Lines of each side of a change the row shows; the rest is counted, not built (a 10 MB write is 200,000 lines). */
const DIFF_VIEW_LINES = 500;
/** Characters of one shown line (a minified file is one long line). */
const DIFF_VIEW_LINE_CHARS = 1000;

interface Side {
  lines: DiffLine[];
  omitted: number;
}

/**
 * The first DIFF_VIEW_LINES lines of `text` (one trailing newline
 * ignored), each cut to DIFF_VIEW_LINE_CHARS, and how many more there are.
 */
function boundedLines(kind: DiffLine['kind'], text: string): Side {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const shown: DiffLine[] = [];
  if (text === '') return { lines: shown, omitted: 0 };
  let start = 0;
  while (shown.length < DIFF_VIEW_LINES) {
    const nl = body.indexOf('\n', start);
    const end = nl === -1 ? body.length : nl;
    const line =
      end - start > DIFF_VIEW_LINE_CHARS
        ? `${body.slice(start, start + DIFF_VIEW_LINE_CHARS - 1)}…`
        : body.slice(start, end);
    shown.push({ kind, text: line });
    if (nl === -1) return { lines: shown, omitted: 0 };
    start = nl + 1;
  }
  let omitted = 1;
  for (let nl = body.indexOf('\n', start); nl !== -1; nl = body.indexOf('\n', nl + 1)) omitted++;
  return { lines: shown, omitted };
}

function diffView(path: string, call: ToolCallRecord, ...sides: Side[]): PresentedCall {
  return {
    summary: oneLine(path),
    view: {
      kind: 'diff',
      path,
      lines: sides.flatMap((side) => side.lines),
      omitted: sides.reduce((n, side) => n + side.omitted, 0),
      result: call.result?.content ?? null,
    },
  };
}

/** The generic view (input and result text) with `summary` as the row's summary. */
export function summaryView(call: ToolCallRecord, summary: string): PresentedCall {
  return {
    summary: oneLine(summary),
    view: { kind: 'generic', input: call.arguments, result: call.result?.content ?? null },
  };
}

/**
 * The files a call changes (a file tool's, from its arguments; an ACP agent's
 * diffs): each file's old text removed and new text added, named by the first path.
 */
export function changesView(call: ToolCallRecord, changes: readonly FileChange[]): PresentedCall {
  const sides = changes.flatMap((c) => [boundedLines('del', c.oldText ?? ''), boundedLines('add', c.newText)]);
  const named = changes.length === 1 ? changes[0]!.path : `${changes[0]!.path} (+${changes.length - 1} more)`;
  return diffView(named, call, ...sides);
}
