// ACP's `fs/read_text_file` and `fs/write_text_file`, served from the workspace with
// our file tools' own code:
//   - a read is read_file's (text-file.ts): confined to the workspace (no `..`, no
//     symbolic link out, verified on the opened file), a regular text file of at most
//     10 MB; `line` (1-based; 0 reads as 1) and `limit` choose whole lines, returned as
//     they are in the file (no numbers, line ends kept). Unlike read_file, secrets are
//     not redacted: the agent writes back what it reads, and a redacted value would
//     replace the user's;
//   - a write is write_file's (write-file-tool.ts): confined, at most 10 MB, a
//     regular file or nothing there (missing folders made), never inside a .git folder
//     or our logs whatever is approved, and approved as acp-client-approvals.ts says
//     (the card: the path and the change as -/+ lines). Only during a prompt: a write
//     between prompts has no turn to log its decision on, and is refused.
// A refusal is the request's error, with the message our tools give the model.
import type {
  ReadTextFileRequest,
  ReadTextFileResponse,
  WriteTextFileRequest,
  WriteTextFileResponse,
} from '@agentclientprotocol/sdk';
import type { ProtectedPaths } from '../tools/protected-paths';
import { readTextFile } from '../tools/text-file';
import { WRITE_FILE_TOOL_NAME } from '../tools/write-file/write-file-signature';
import { checkWrite, preview, writeChecked, writeSummary } from '../tools/write-file/write-file-tool';
import type { Workspace } from '../tools/workspace';
import type { AcpClientApprovals, AcpClientTurn } from './acp-client-approvals';
import { changeLines } from './acp-permission-answer';

/** A client method's answer: its result, or a refusal the agent gets as the request's error, with this message. */
export type AcpServed<T> = { ok: true; result: T } | { ok: false; message: string };

/** Which requests a session answers: its own session id's; a write or a terminal only while a prompt runs. */
export interface AcpClientSession {
  owns(sessionId: string): AcpServed<null>;
  turnFor(sessionId: string): AcpServed<AcpClientTurn>;
  /**
   * A write or a command is about to change the workspace: resolves once its checkpoint is taken (acp-checkpoints.ts).
   */
  beforeChange(): Promise<void>;
}

const WRITE_TEXT_FILE_METHOD = 'fs/write_text_file';

const linePastEndMessage = (line: number, lines: number, path: string): string =>
  `line ${line} is past the end of ${JSON.stringify(path)} (${lines} lines)`;

/**
 * Pure: the lines `line` (1-based; 0 reads as 1) to `line + limit - 1`
 * of `text`, line ends kept; every line from `line` on without a limit.
 */
function lineWindow(text: string, line: number, limit: number | null, path: string): AcpServed<string> {
  const first = Math.max(1, line);
  if (first === 1 && limit === null) return { ok: true, result: text };
  const lines = text.split(/(?<=\n)/);
  if (first > lines.length) return { ok: false, message: linePastEndMessage(first, lines.length, path) };
  return { ok: true, result: lines.slice(first - 1, limit === null ? undefined : first - 1 + limit).join('') };
}

export class AcpClientFiles {
  constructor(
    private readonly workspace: Workspace,
    /** The protected paths, or why none can be known (a malformed user glob): then every write is refused. */
    private readonly protect: ProtectedPaths | { broken: string },
    private readonly approvals: AcpClientApprovals,
    private readonly session: AcpClientSession,
  ) {}

  async read(params: ReadTextFileRequest): Promise<AcpServed<ReadTextFileResponse>> {
    const owned = this.session.owns(params.sessionId);
    if (!owned.ok) return owned;
    const read = await readTextFile(this.workspace, params.path);
    if (!read.ok) return read;
    const window = lineWindow(read.text, params.line ?? 1, params.limit ?? null, params.path);
    return window.ok ? { ok: true, result: { content: window.result } } : window;
  }

  async write(params: WriteTextFileRequest, signal: AbortSignal): Promise<AcpServed<WriteTextFileResponse>> {
    const running = this.session.turnFor(params.sessionId);
    if (!running.ok) return running;
    if ('broken' in this.protect) return { ok: false, message: `no file is written: ${this.protect.broken}` };
    const { path: userPath, content } = params;
    const checked = await checkWrite(this.workspace, this.protect, WRITE_TEXT_FILE_METHOD, userPath, content);
    if (!checked.ok) return checked;
    const { target } = checked;
    const before = target.stat === null ? null : await readTextFile(this.workspace, userPath).catch(() => null);
    const oldText = before?.ok === true ? before.text : null;
    const approval = await this.approvals.write(
      running.result,
      target.display,
      {
        tool: WRITE_FILE_TOOL_NAME,
        card: { summary: writeSummary(checked), detail: preview(changeLines(target.display, oldText, content)) },
        ...(checked.protectedReason === undefined ? {} : { protectedReason: checked.protectedReason }),
        call: {
          title: `${checked.verb} ${target.display}`,
          kind: 'edit',
          locations: [{ path: target.real }],
          content: [{ type: 'diff', path: target.real, oldText, newText: content }],
          rawInput: { path: target.real, bytes: checked.bytes },
        },
      },
      signal,
    );
    if (!approval.approved) return { ok: false, message: approval.message };
    await this.session.beforeChange();
    const written = await writeChecked(this.workspace, checked, userPath, content);
    approval.ended(written.ok, written.message);
    return written.ok ? { ok: true, result: {} } : { ok: false, message: written.message };
  }
}
