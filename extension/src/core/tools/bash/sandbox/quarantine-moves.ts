// Where quarantine.ts puts the protected paths a sandboxed command created, and how:
// each moved in one rename into this command's quarantine folder (listed in its
// MOVED.txt), else deleted; each through a descriptor on its parent folder, checked to
// be the folder the walk saw. Every move says what became of it in a line of the
// command's result.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { openExactly } from './read-only-mounts';

/** Result lines listing moves, at most; the rest are counted (all are in MOVED.txt). */
const MAX_LISTED = 20;

export const inside = (root: string, p: string): boolean => p.startsWith(root + path.sep);

/** A protected path the command created, to move. */
export interface Move {
  /** The protected path, workspace-relative. */
  rel: string;
  /** The link that leads to it, when it was made through one. */
  via?: string;
  /** The real folder holding it, and its name there. */
  parent: string;
  name: string;
}

/** The quarantine base: the first of the state folder and the temp folder that is outside `root`. */
function quarantineBase(root: string): string | null {
  const state = process.env['XDG_STATE_HOME'] || path.join(os.homedir(), '.local', 'state');
  for (const base of [
    path.join(state, 'agent-checklist', 'quarantine'),
    path.join(os.tmpdir(), `agent-checklist-quarantine-${process.getuid?.() ?? 'user'}`),
  ]) {
    const real = (() => {
      try {
        fs.mkdirSync(base, { recursive: true, mode: 0o700 });
        return fs.realpathSync(base);
      } catch {
        return null;
      }
    })();
    if (real !== null && real !== root && !inside(root, real)) return real;
  }
  return null;
}

const stamp = (): string => new Date().toISOString().replace(/[:.]/g, '-');

/** Lists what was moved into the quarantine folder (MOVED.txt), or removes the folder when nothing was. */
function writeManifest(folder: string, manifest: readonly string[]): void {
  try {
    if (manifest.length > 0)
      fs.writeFileSync(
        path.join(folder, 'MOVED.txt'),
        `Moved here from the workspace after a sandboxed bash command created them. Do not run ` +
          `git inside these folders; look, then move back what you want.\n${manifest.join('\n')}\n`,
        { mode: 0o600 },
      );
    else fs.rmdirSync(folder);
  } catch {
    // the list is a courtesy: the result's lines already say what went where
  }
}

/** Moves (else deletes) one protected path the command created; the line for its result. */
function carryOutOne(root: string, move: Move, i: number, folder: string | null, manifest: string[]): string {
  const what = move.via === undefined ? move.rel : `${move.rel} (where the link ${move.via} leads)`;
  const fd = openExactly(move.parent);
  if (fd === null)
    return (
      `[sandbox: ${what} is a protected path this command created, and its folder changed meanwhile: ` +
      `it was NOT removed; remove it before running git there or opening it in the editor]`
    );
  const from = `/proc/self/fd/${fd}/${move.name}`;
  try {
    if (folder !== null) {
      const to = path.join(folder, `${i + 1}-${move.name}`);
      try {
        fs.renameSync(from, to);
        manifest.push(`${path.basename(to)}\t${path.join(root, move.rel)}`);
        return (
          `[sandbox: this command created ${what}, a protected path (what is in it ` +
          `runs later, outside the sandbox): moved out of the workspace to ${to}]`
        );
      } catch (error) {
        if (!(error instanceof Error && 'code' in error && error.code === 'EXDEV')) throw error;
      }
    }
    fs.rmSync(from, { recursive: true, force: true });
    const why =
      folder === null
        ? 'no quarantine folder outside the workspace'
        : `the quarantine ${folder} is on another file system`;
    return (
      `[sandbox: this command created ${what}, a protected path ` +
      `(what is in it runs later, outside the sandbox): deleted (${why})]`
    );
  } catch (error) {
    return (
      `[sandbox: this command created ${what}, a protected path, and it could NOT ` +
      `be removed (${error instanceof Error ? error.message : String(error)}): ` +
      `remove it before running git there or opening it in the editor]`
    );
  } finally {
    fs.closeSync(fd);
  }
}

/** Moves (else deletes) what the command created; returns the lines for its result. */
export function carryOut(root: string, moves: readonly Move[]): string[] {
  const base = quarantineBase(root);
  let folder: string | null = null;
  try {
    if (base !== null) folder = fs.mkdtempSync(path.join(base, `${stamp()}-`));
  } catch {
    // no room for a quarantine folder: what the command made is deleted below
  }
  const manifest: string[] = [];
  const lines = moves.map((move, i) => carryOutOne(root, move, i, folder, manifest));
  if (folder !== null) writeManifest(folder, manifest);
  return lines.length > MAX_LISTED
    ? [
        ...lines.slice(0, MAX_LISTED),
        `[sandbox: and ${lines.length - MAX_LISTED} more protected paths this command created, handled the same way]`,
      ]
    : lines;
}
