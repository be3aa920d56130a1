// Reading a workspace text file for read_file and edit_file, with the refusals
// both share (stable strings: models and tests read them).
import { decodeText, looksBinary } from './walk';
import { refusalMessage, type ResolvedPath, type Workspace } from './workspace';

/** Larger files are refused rather than loaded whole into memory and context. */
const MAX_TEXT_FILE_BYTES = 10 * 1024 * 1024;

const noSuchFileMessage = (p: string): string => `no such file: ${JSON.stringify(p)}`;
export const isFolderMessage = (p: string): string =>
  `${JSON.stringify(p)} is a folder, not a file; use list_files to see what it holds`;
export const notRegularFileMessage = (p: string): string => `${JSON.stringify(p)} is not a regular file`;
const binaryFileMessage = (p: string): string =>
  `${JSON.stringify(p)} looks like a binary file; only text files can be read or edited`;
const tooLargeMessage = (p: string, size: number): string =>
  `${JSON.stringify(p)} is ${size} bytes, more than the ${MAX_TEXT_FILE_BYTES} ` +
  `bytes a text tool reads; use bash (head, sed -n, grep) for parts of it`;

export type TextFileRead = { ok: true; file: ResolvedPath; text: string } | { ok: false; message: string };

export async function readTextFile(workspace: Workspace, userPath: string): Promise<TextFileRead> {
  const file = await workspace.resolve(userPath);
  if (!file.ok) return file;
  if (file.stat === null) return { ok: false, message: noSuchFileMessage(userPath) };
  if (file.stat.kind === 'directory') return { ok: false, message: isFolderMessage(userPath) };
  if (file.stat.kind !== 'file') return { ok: false, message: notRegularFileMessage(userPath) };
  if (file.stat.size > MAX_TEXT_FILE_BYTES) return { ok: false, message: tooLargeMessage(userPath, file.stat.size) };
  let data: Uint8Array;
  try {
    data = await workspace.readFile(file.real);
  } catch (error) {
    const refused = refusalMessage(error, userPath);
    if (refused === null) throw error;
    return { ok: false, message: refused };
  }
  if (data.byteLength > MAX_TEXT_FILE_BYTES) return { ok: false, message: tooLargeMessage(userPath, data.byteLength) };
  if (looksBinary(data)) return { ok: false, message: binaryFileMessage(userPath) };
  return { ok: true, file, text: decodeText(data) };
}
