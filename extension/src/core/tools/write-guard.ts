// What write_file and edit_file check before they ask for approval: the content's
// size and the target's protection (protected-paths.ts). The protection is decided
// on the resolved path (every symbolic link followed, relative to the real root),
// so `foo -> .git` does not make `foo/config` writable.
import { approveEachFileReason, neverWrittenMessage, type ProtectedPaths } from './protected-paths';

/** Larger content is refused: it is held in memory, written and logged whole. */
export const MAX_WRITE_BYTES = 10 * 1024 * 1024;

export const contentTooLargeMessage = (tool: string, bytes: number): string =>
  `the ${tool} content is ${bytes} bytes of UTF-8, more than the ${MAX_WRITE_BYTES} bytes (10 MB) a ` +
  `file tool writes; nothing was written. Write the file in smaller parts or generate it with a command.`;

/** The UTF-8 size of `text` as it will be written (a lone surrogate as U+FFFD), counted without encoding it. */
export const utf8Length = (text: string): number => Buffer.byteLength(text, 'utf8');

export type WriteGuard = { ok: true; protectedReason?: string } | { ok: false; message: string };

/** `display` is the resolved workspace-relative path (ResolvedPath.display). */
export function guardTarget(protect: ProtectedPaths, display: string): WriteGuard {
  switch (protect.protection(display)) {
    case 'never':
      return { ok: false, message: neverWrittenMessage(display) };
    case 'approve':
      return { ok: true, protectedReason: approveEachFileReason(display) };
    case null:
      return { ok: true };
  }
}
