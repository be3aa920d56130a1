// What the scripts need from the system beyond Node 20 and npm, in one place, used
// by `npm start`, `npm test` and the tier runners. Only what is truly a system
// program is here: Chromium (the browser tiers drive VS Code in it), bubblewrap (the
// bash tool's sandbox and its tests) and, until code-server is built once, make/g++/
// python3 for node-gyp. Not needed, on purpose: ripgrep (used only when present; see
// vscode-server/install.mjs) and libkrb5-dev (VS Code loads `kerberos` only for
// Kerberos proxy authentication, with a guarded import, so it is not built).
//
// Missing ones are installed from Debian when we run as root with apt-get (one
// `apt-get update`, one `apt-get install -y`, saying what and why first); otherwise
// ensurePrerequisites stops with the exact command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Debian's Chromium (or CHROME_PATH), never a downloaded browser. */
export function chromiumPath() {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
  return candidates.find((path) => existsSync(path)) ?? null;
}

const BUILD_WHY = 'node-gyp builds VS Code server\'s native modules once, when code-server is first prepared';

/** name -> how to tell it is there, its Debian package, and why we need it. */
export const PREREQUISITES = {
  chromium: { present: () => chromiumPath() !== null, debian: 'chromium', why: 'the integration and e2e tiers run VS Code in a headless browser' },
  bubblewrap: { present: () => findOnPath('bwrap') !== null, debian: 'bubblewrap', why: "the bash tool's sandbox (its tests run commands in it)" },
  make: { present: () => findOnPath('make') !== null, debian: 'make', why: BUILD_WHY },
  'g++': { present: () => findOnPath('g++') !== null, debian: 'g++', why: BUILD_WHY },
  python3: { present: () => findOnPath('python3') !== null, debian: 'python3', why: BUILD_WHY },
};

/** What building code-server needs (only until it is installed). */
export const CODE_SERVER_BUILD = ['make', 'g++', 'python3'];

export function missing(names) {
  return names.filter((name) => !PREREQUISITES[name].present());
}

export function installCommand(names) {
  return `apt-get update && apt-get install -y ${[...new Set(names.map((n) => PREREQUISITES[n].debian))].join(' ')}`;
}

function canInstall() {
  return process.getuid?.() === 0 && findOnPath('apt-get') !== null;
}

/** Why `names` cannot be had here (null when all are present or we can install them). */
export function whyMissing(names) {
  const absent = missing(names);
  if (absent.length === 0 || canInstall()) return null;
  return `missing ${absent.join(', ')}; run as root: ${installCommand(absent)}`;
}

/**
 * Makes sure `names` are installed: installs the missing ones from Debian when we are
 * root, else throws an Error whose message is the exact command to run.
 */
export function ensurePrerequisites(names, { who = 'agent-checklist', log = (line) => console.log(line) } = {}) {
  const absent = missing(names);
  if (absent.length === 0) return;
  if (!canInstall()) throw new Error(`${who} needs ${absent.join(', ')}, which ${absent.length === 1 ? 'is' : 'are'} not installed. Run as root:\n  ${installCommand(absent)}`);
  const packages = [...new Set(absent.map((n) => PREREQUISITES[n].debian))];
  log(`${who}: installing ${packages.join(', ')} from Debian (once):`);
  for (const name of absent) log(`  ${PREREQUISITES[name].debian}: ${PREREQUISITES[name].why}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...packages]]) {
    const result = spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${result.status})`);
  }
  const still = missing(absent);
  if (still.length) throw new Error(`${who}: ${still.join(', ')} still missing after apt-get install`);
}

/** For a script's top level: ensurePrerequisites, printing the message and exiting 1 on failure. */
export function ensureOrExit(names, options) {
  try {
    ensurePrerequisites(names, options);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
