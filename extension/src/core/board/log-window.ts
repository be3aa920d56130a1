// A session log's window as a card reads it: its last bytes (log-ends.ts reads them,
// never the whole file), cut into lines (window-lines.ts), each typed off its start and parsed only
// when a card's rule asks for its event (card-events.ts): parsing and checking every
// event of the window was the board's cost, and a line no rule asks about is not
// checked. A torn last line (a write in flight) is passed over.
import { promptTitle } from '../import/agent-plan';
import { rawEnvelopeReader } from '../session/events';
import { forEachLineBackward } from '../store/line-reader';
import { parseJson } from '../store/parse-json';
import { headPrompt, type LogEnds } from './log-ends';
import { WindowLines } from './window-lines';

export interface LogWindow {
  lines: WindowLines;
  /** The window starts at the header: the lines are the whole log. */
  whole: boolean;
  /** A turn is open at the end of the log. */
  turnOpen: boolean;
  /** The open turn's calls that have neither a decision nor a result yet (`asked`: an ACP agent asked permission). */
  openCalls: { tool: string; asked: boolean }[];
  /** `ts` of the log's latest event; null when the window has none. */
  lastTs: string | null;
}

/** How far back, beyond the window, the latest turn mark is looked for. */
const TURN_BYTES = 1 << 20;

export function readWindow(logPath: string, ends: LogEnds): LogWindow {
  const { scan, floor } = ends;
  const from: number[] = [];
  const to: number[] = [];
  const first = scan.indexOf('\n');
  const whole = floor === 0; // the window starts at the header; else the line the floor cuts is not read
  for (
    let start = first + 1, nl = scan.indexOf('\n', start);
    first !== -1;
    start = nl + 1, nl = scan.indexOf('\n', start)
  ) {
    if (nl === -1) {
      // The bytes after the last newline: a torn write unless they are whole JSON.
      if (start < scan.length && parseJson(ends.tail.toString('utf8', start)) !== undefined) {
        from.push(start);
        to.push(scan.length);
      }
      break;
    }
    from.push(start);
    to.push(nl);
  }
  const lines = new WindowLines(ends, from, to);
  const newest = lines.newest();
  return {
    lines,
    whole,
    turnOpen: turnOpenAt(logPath, lines, whole ? null : floor),
    openCalls: openCalls(lines),
    lastTs: newest === -1 ? null : lines.event(newest).ts,
  };
}

/** Whether the latest turn mark is a turn/start; read further back (bounded) when the window has none. */
function turnOpenAt(logPath: string, lines: WindowLines, floor: number | null): boolean {
  const mark = lines.latestTurnMark();
  if (mark !== -1) return lines.type(mark) === 'turn/start';
  if (floor === null || floor === 0) return false;
  let open = false;
  forEachLineBackward(
    logPath,
    ({ text, start }) => {
      if (start === 0) return true;
      const type = rawEnvelopeReader.safeParse(parseJson(text)).data?.type;
      if (type !== 'turn/start' && type !== 'turn/end') return false;
      open = type === 'turn/start';
      return true;
    },
    { before: floor, floor: Math.max(0, floor - TURN_BYTES) },
  );
  return open;
}

const CALL_MARKS: ReadonlySet<string> = new Set(['tool/call', 'tool/approval', 'tool/result']);

/** The calls open at the end: those after the latest turn mark without a decision or a result. */
function openCalls(lines: WindowLines): LogWindow['openCalls'] {
  const open = new Map<string, LogWindow['openCalls'][number]>();
  for (const event of lines.events(lines.latestTurnMark() + 1, CALL_MARKS)) {
    if (event.type === 'tool/call')
      open.set(event.data.callId, { tool: event.data.name, asked: event.data.asked === true });
    else if (event.type === 'tool/approval' || event.type === 'tool/result') open.delete(event.data.callId);
  }
  return [...open.values()];
}

/** The first prompt: the window's first when it holds the whole log, else the first among the log's first 64 KiB. */
export function firstPrompt(window: LogWindow, ends: LogEnds): string | undefined {
  if (window.whole) {
    const event = window.lines.first('user/message');
    return event?.type === 'user/message' ? promptTitle(event.data.message.text) : undefined;
  }
  return headPrompt(ends);
}
