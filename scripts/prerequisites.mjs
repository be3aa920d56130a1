// What the scripts need from the system beyond Node 20 and npm, in one place, used
// by `npm start`, `npm test` and the tier runners. Only what is truly a system
// program is here: Chromium (the browser tiers drive VS Code in it), bubblewrap (the
// bash tool's sandbox and its tests), git (checkpoints' shadow repository), ripgrep
// (grep's fast engine: used when present, so npm test installs it to test both grep
// engines; `npm start` does not need it) and, until code-server is built once, make/g++/
// python3 for node-gyp. Not needed, on purpose: libkrb5-dev (VS Code loads `kerberos` only for
// Kerberos proxy authentication, with a guarded import, so it is not built).
//
// The decision is one pure function, installPlan (unit-tested with injected probes:
// test/unit/scripts/prerequisites.test.ts); ensurePrerequisites probes this machine
// and carries it out:
// - nothing missing: nothing said, nothing run;
// - root with apt-get: says what it installs and why, ONCE (one line per package),
//   then `apt-get install -y` with DEBIAN_FRONTEND=noninteractive; `apt-get update`
//   runs once first when apt does not know a package (a fresh image has no package
//   lists), or once before a single retry when the install fails (stale lists);
// - otherwise: stops with the exact command to run as root.
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

const BUILD_WHY = "node-gyp builds VS Code server's native modules once, when code-server is first prepared";

/** name -> how to tell it is there, its Debian package, and why we need it. */
export const PREREQUISITES = {
  chromium: {
    present: () => chromiumPath() !== null,
    debian: 'chromium',
    why: 'the integration and e2e tiers run VS Code in a headless browser',
  },
  bubblewrap: {
    present: () => findOnPath('bwrap') !== null,
    debian: 'bubblewrap',
    why: "the bash tool's sandbox (its tests run commands in it)",
  },
  git: {
    present: () => findOnPath('git') !== null,
    debian: 'git',
    why: "checkpoints of the workspace before the agent changes it (each plan item's changes and undo; their tests)",
  },
  ripgrep: {
    present: () => findOnPath('rg') !== null,
    debian: 'ripgrep',
    why: 'grep runs ripgrep when there is one and a JavaScript engine when not; the tests hold both to one result',
  },
  make: { present: () => findOnPath('make') !== null, debian: 'make', why: BUILD_WHY },
  'g++': { present: () => findOnPath('g++') !== null, debian: 'g++', why: BUILD_WHY },
  python3: { present: () => findOnPath('python3') !== null, debian: 'python3', why: BUILD_WHY },
};

/** What building code-server needs (only until it is installed). */
export const CODE_SERVER_BUILD = ['make', 'g++', 'python3'];

const debianPackages = (names) => [...new Set(names.map((n) => PREREQUISITES[n].debian))];

export function installCommand(names) {
  return `apt-get update && apt-get install -y ${debianPackages(names).join(' ')}`;
}

/**
 * What to do about `names` on a machine described by `probes` (pure):
 * - `{ kind: 'ready' }`: all present;
 * - `{ kind: 'stop', message }`: we cannot install; the message names what is
 *   missing and the exact command to run as root;
 * - `{ kind: 'install', packages, announce, updateFirst }`: `announce` is what to say
 *   (once) before `apt-get install -y <packages>`; `updateFirst` when apt knows no
 *   candidate for one of them.
 * probes: `present(name)`, `isRoot`, `hasAptGet`, `aptKnows(debianPackage)`.
 */
export function installPlan(names, probes, who = 'agent-checklist') {
  const absent = names.filter((name) => !probes.present(name));
  if (absent.length === 0) return { kind: 'ready' };
  if (!probes.isRoot || !probes.hasAptGet) {
    const how = probes.hasAptGet
      ? `Run as root:\n  ${installCommand(absent)}`
      : `Install ${debianPackages(absent).join(', ')} with the system's package manager (on Debian, as root:\n  ${installCommand(absent)})`;
    return {
      kind: 'stop',
      absent,
      message: `${who} needs ${absent.join(', ')}, which ${absent.length === 1 ? 'is' : 'are'} not installed. ${how}`,
    };
  }
  const packages = debianPackages(absent);
  const announce = [
    `${who}: installing ${packages.join(', ')} from Debian (apt-get, once):`,
    ...absent.map((name) => `  ${PREREQUISITES[name].debian}: ${PREREQUISITES[name].why}`),
  ];
  return { kind: 'install', absent, packages, announce, updateFirst: packages.some((p) => !probes.aptKnows(p)) };
}

/** apt has an installable version of `pkg` (its package lists name a candidate). */
function aptKnows(pkg) {
  const out = spawnSync('apt-cache', ['policy', pkg], { encoding: 'utf8' }).stdout ?? '';
  return /Candidate: (?!\(none\))\S/.test(out);
}

function machineProbes() {
  return {
    present: (name) => PREREQUISITES[name].present(),
    isRoot: process.getuid?.() === 0,
    hasAptGet: findOnPath('apt-get') !== null,
    aptKnows,
  };
}

/** Why `names` cannot be had here (null when all are present or we can install them). */
export function whyMissing(names) {
  const plan = installPlan(names, machineProbes());
  return plan.kind === 'stop' ? `missing ${plan.absent.join(', ')}; run as root: ${installCommand(plan.absent)}` : null;
}

/**
 * Makes sure `names` are installed: installs the missing ones from Debian when we are
 * root, else throws an Error whose message is the exact command to run.
 */
export function ensurePrerequisites(names, { who = 'agent-checklist', log = (line) => console.log(line) } = {}) {
  const plan = installPlan(names, machineProbes(), who);
  if (plan.kind === 'ready') return;
  if (plan.kind === 'stop') throw new Error(plan.message);
  for (const line of plan.announce) log(line);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) => spawnSync('apt-get', args, { env, stdio: ['ignore', 'inherit', 'inherit'] }).status;
  const update = (why) => {
    log(`${who}: apt-get update (${why})`);
    const status = aptGet(['update', '-qq']);
    if (status !== 0)
      throw new Error(`${who}: apt-get update failed (exit ${status}); run as root:\n  ${installCommand(plan.absent)}`);
  };
  if (plan.updateFirst) update(`apt has no candidate for ${plan.packages.join(', ')} yet`);
  const install = ['install', '-y', '-qq', ...plan.packages];
  let status = aptGet(install);
  if (status !== 0 && !plan.updateFirst) {
    update('the install failed: the package lists may be stale; one retry');
    status = aptGet(install);
  }
  if (status !== 0)
    throw new Error(
      `${who}: apt-get install -y ${plan.packages.join(' ')} failed (exit ${status}); run as root:\n  ${installCommand(plan.absent)}`,
    );
  const still = plan.absent.filter((name) => !PREREQUISITES[name].present());
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
