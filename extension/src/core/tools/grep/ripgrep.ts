// Where grep finds ripgrep: the places the caller names first (the extension: the
// binary VS Code ships under its app root), then `rg` on PATH (the CLI: Debian's
// ripgrep, or any). None found: grep's JavaScript engine. Looked up once per list of
// places, per process.
import { constants, promises as fsp } from 'node:fs';
import * as path from 'node:path';

/** Resolves to ripgrep's executable, or null when there is none. */
export type RipgrepLocator = () => Promise<string | null>;

/** Where VS Code keeps its bundled ripgrep below `appRoot` (vscode.env.appRoot): packed, and unpacked from an asar. */
export function vscodeRipgrepCandidates(appRoot: string): string[] {
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  return ['node_modules', 'node_modules.asar.unpacked'].map((dir) =>
    path.join(appRoot, dir, '@vscode', 'ripgrep', 'bin', exe),
  );
}

async function executable(file: string): Promise<boolean> {
  try {
    await fsp.access(file, constants.X_OK);
    return (await fsp.stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The first of `candidates` that is an executable file, else `rg` in a PATH folder, else null. */
async function findRipgrep(candidates: readonly string[], env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const file of candidates) if (await executable(file)) return file;
  const exe = process.platform === 'win32' ? 'rg.exe' : 'rg';
  for (const dir of (env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const file = path.join(dir, exe);
    if (await executable(file)) return file;
  }
  return null;
}

const found = new Map<string, Promise<string | null>>();

/** A locator for `candidates` then PATH (this process's), memoized. */
export function ripgrepLocator(candidates: readonly string[] = []): RipgrepLocator {
  const key = candidates.join('\0');
  return () => {
    let at = found.get(key);
    if (at === undefined) found.set(key, (at = findRipgrep(candidates, process.env)));
    return at;
  };
}
