// Writing a text to an opened file one slice at a time, so that what a write holds at
// once is one slice's bytes, whatever the text's length (confined-open.ts writeFileIn).
import type { FileHandle } from 'node:fs/promises';

/** UTF-16 code units encoded per write: the only bytes a write holds at once (≤ 3 bytes each). */
const WRITE_SLICE_CHARS = 64 * 1024;

/** Where a slice of `text` from `start` may end: never between the two halves of a surrogate pair. */
function sliceEnd(text: string, start: number, chars = WRITE_SLICE_CHARS): number {
  const end = Math.min(text.length, start + chars);
  if (end === text.length || end - start < 2) return end;
  const last = text.charCodeAt(end - 1);
  return last >= 0xd800 && last <= 0xdbff ? end - 1 : end;
}

/**
 * Writes `text` as UTF-8 from offset 0, one slice at a time through ONE reused buffer
 * (a buffer per slice would be garbage the size of the content until a collection);
 * a short write is resumed.
 */
export async function writeText(handle: FileHandle, text: string): Promise<void> {
  const buffer = Buffer.allocUnsafe(3 * Math.min(WRITE_SLICE_CHARS, text.length));
  let position = 0;
  for (let start = 0; start < text.length;) {
    const end = sliceEnd(text, start);
    // 3 bytes per UTF-16 unit always fit: the slice is encoded whole.
    const length = buffer.write(text.slice(start, end), 0, 'utf8');
    for (let done = 0; done < length;) {
      const { bytesWritten } = await handle.write(buffer, done, length - done, position);
      done += bytesWritten;
      position += bytesWritten;
    }
    start = end;
  }
}
