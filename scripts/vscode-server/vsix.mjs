// The extension as a user installs it: the VSIX `npm run package` writes
// (out/<name>-<version>.vsix), made again only when something it is made from changed
// since, and installed with code-server's own `--install-extension` into a fresh
// extensions folder. The workbench then runs that installed copy (no development path).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './paths.mjs';
import { installExtension } from './server.mjs';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
export const VSIX_PATH = join(REPO_ROOT, 'out', `${pkg.name}-${pkg.version}.vsix`);
export const EXTENSION_ID = `${pkg.publisher}.${pkg.name}`;

/** Folders of the repository that never go into the VSIX: a change there keeps it current. */
const NOT_PACKED = ['test/', 'docs/', 'bench/', 'scripts/vscode-server/', 'scripts/run-', 'scripts/test-all.mjs'];

/** The newest modification time of the files the VSIX is made from (tracked or not, never ignored). */
function newestInputTime() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (listed.status !== 0) return Infinity; // not a git checkout: always package
  let newest = statSync(join(REPO_ROOT, 'package-lock.json')).mtimeMs;
  for (const file of listed.stdout.split('\0')) {
    if (!file || NOT_PACKED.some((dir) => file.startsWith(dir))) continue;
    const path = join(REPO_ROOT, file);
    if (existsSync(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/** The VSIX's path: the one in out/ when it is newer than everything it is made from, else `npm run package`'s fresh one. */
export function packagedVsix({ log = console.log } = {}) {
  if (existsSync(VSIX_PATH) && statSync(VSIX_PATH).mtimeMs > newestInputTime()) {
    log(`vsix: reusing ${VSIX_PATH} (newer than its sources)`);
    return VSIX_PATH;
  }
  log('vsix: npm run package');
  const packed = spawnSync(process.execPath, ['scripts/package.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`npm run package failed:\n${packed.stdout}${packed.stderr}`);
  const written = packed.stdout.trim().split('\n').at(-1) ?? '';
  if (written !== VSIX_PATH || !existsSync(written)) throw new Error(`npm run package wrote no ${VSIX_PATH}`);
  return written;
}

/** Installs the VSIX into `<userDataDir>/extensions` (as Extensions: Install from VSIX… does); returns the installed folder. */
export function installVsix(vsix, userDataDir) {
  const extensionsDir = join(userDataDir, 'extensions');
  installExtension(vsix, { userDataDir, extensionsDir });
  const installed = readdirSync(extensionsDir).filter((name) => name.startsWith(`${EXTENSION_ID}-`));
  if (installed.length !== 1)
    throw new Error(
      `expected one ${EXTENSION_ID} in ${extensionsDir}, found: ${readdirSync(extensionsDir).join(', ')}`,
    );
  return { extensionsDir, extensionPath: join(extensionsDir, installed[0]) };
}
