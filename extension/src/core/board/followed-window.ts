// A followed agent's session file as a card reads it, at a bounded cost whatever its
// size: a file up to WHOLE_BYTES is read whole by its agent's reader (read-agent-file.ts);
// a larger one by the same reader, fed its first HEAD_BYTES (which agent wrote it, the
// session's id and title) then its last TAIL_BYTES (the marks: the latest plan and
// turn). A line cut by either edge is passed over; nothing else of the file is read.
import * as fs from 'node:fs';
import * as z from 'zod/mini';
import type { AgentFile, AgentFileReader, AgentLine, AgentMark } from '../import/agent-plan';
import { readerFor } from '../import/agent-file-tail';
import { readAgentFile } from '../import/read-agent-file';
import { parseJson } from '../store/parse-json';

const WHOLE_BYTES = 4 << 20;
const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 1 << 20;

export function readFollowedFile(file: string): AgentFile {
  const size = fs.statSync(file).size;
  if (size <= WHOLE_BYTES) return readAgentFile(file);
  const fd = fs.openSync(file, 'r');
  try {
    const head = linesAt(fd, 0, HEAD_BYTES, false);
    let reader: AgentFileReader | undefined;
    for (const line of head) {
      reader ??= readerFor(line);
      reader?.readLine(line);
    }
    if (reader === undefined) throw new Error('no line of its first 64 KiB names an agent’s session');
    const marks: AgentMark[] = [];
    for (const line of linesAt(fd, size - TAIL_BYTES, TAIL_BYTES, true)) marks.push(...reader.readLine(line));
    return { info: reader.info, marks, skipped: reader.skipped };
  } finally {
    fs.closeSync(fd);
  }
}

/** The whole lines among `bytes` bytes at `start` (`atEnd`: the window ends the file; else its last line is cut). */
function linesAt(fd: number, start: number, bytes: number, atEnd: boolean): (AgentLine | undefined)[] {
  const buffer = Buffer.allocUnsafe(bytes);
  const n = fs.readSync(fd, buffer, 0, bytes, start);
  const texts = buffer.toString('utf8', 0, n).split('\n');
  if (start > 0) texts.shift();
  if (!atEnd) texts.pop();
  return texts.filter((text) => text.trim() !== '').map(lineOf);
}

/** Every agent's line is a JSON object; the agent's reader checks the rest. */
const agentLine: z.ZodMiniType<AgentLine> = z.record(z.string(), z.unknown());

function lineOf(text: string): AgentLine | undefined {
  const line = agentLine.safeParse(parseJson(text));
  return line.success ? line.data : undefined;
}
