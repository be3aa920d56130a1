// Installs code-server (a real VS Code: server + web workbench, from npm) into
// .vscode-test/code-server, offline except for the npm registry. Idempotent: a
// finished install leaves a marker and is reused; an unfinished one is redone.
// Run directly (`node scripts/vscode-server/install.mjs`) or call ensureCodeServer().
//
// Why by hand: code-server's postinstall downloads ripgrep from the internet, which
// fails here, so every package is installed with --ignore-scripts and the native
// modules are built explicitly (node-gyp against Node's own headers), ripgrep is
// taken from Debian. The work happens in a temporary folder renamed into place at
// the end, so a crash or a concurrent run never leaves a half install behind.
import { spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CODE_SERVER_VERSION, ENTRY, INSTALL_DIR, READY_MARKER } from './paths.mjs';

/** Native modules of VS Code's server that must be compiled here (no prebuilt download). */
const VSCODE_NATIVE = ['kerberos', 'node-pty', '@parcel/watcher', '@vscode/spdlog', '@vscode/deviceid', 'native-watchdog'];
/** What each build must leave behind, relative to lib/vscode/node_modules. */
const VSCODE_NATIVE_OUTPUTS = [
  'kerberos/build/Release/kerberos.node',
  'node-pty/build/Release/pty.node',
  '@vscode/spdlog/build/Release/spdlog.node',
  'native-watchdog/build/Release/watchdog.node',
  '@vscode/deviceid/build/Release/windows.node',
];
/** Install scripts we never run: they download binaries or are for Windows only. */
const DENIED_SCRIPTS = ['@vscode/ripgrep', '@vscode/windows-process-tree', '@vscode/windows-registry'];

export function isCodeServerInstalled() {
  return existsSync(READY_MARKER) && existsSync(ENTRY);
}

function findOnPath(name) {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** Missing system prerequisites, as install hints (empty when all are there). */
export function missingPrerequisites() {
  const missing = [];
  if (!findOnPath('rg')) missing.push('ripgrep (apt-get install ripgrep)');
  if (!existsSync('/usr/include/gssapi/gssapi.h') && !findOnPath('krb5-config')) missing.push('libkrb5-dev (apt-get install libkrb5-dev)');
  for (const tool of ['make', 'g++', 'python3']) if (!findOnPath(tool)) missing.push(`${tool} (needed by node-gyp)`);
  return missing;
}

/**
 * npm settings for the builds: Node's own headers (node-gyp must not download
 * them), and scripts of our packages allowed explicitly (npm 11's allowScripts
 * policy only warns today; a stricter default would otherwise skip the builds).
 */
function npmEnv() {
  const env = { ...process.env, npm_config_yes: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const prefix = dirname(dirname(process.execPath));
  if (!env.npm_config_nodedir && existsSync(join(prefix, 'include', 'node', 'node.h'))) env.npm_config_nodedir = prefix;
  return env;
}

function allowScripts(packageJsonPath, allowed) {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8'));
  pkg.allowScripts = { ...(pkg.allowScripts ?? {}) };
  for (const name of allowed) pkg.allowScripts[name] = true;
  for (const name of DENIED_SCRIPTS) pkg.allowScripts[name] = false;
  writeFileSync(packageJsonPath, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** Installs when needed; returns the entry script. Throws with a readable reason. */
export function ensureCodeServer({ log = (line) => console.log(line) } = {}) {
  if (isCodeServerInstalled()) return ENTRY;
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`code-server cannot be built here; missing: ${missing.join(', ')}. On Debian, .ci/run installs them.`);

  const started = Date.now();
  const work = `${INSTALL_DIR}.tmp-${process.pid}`;
  const logFile = join(dirname(INSTALL_DIR), 'code-server-install.log');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(logFile, `code-server ${CODE_SERVER_VERSION} install, ${new Date().toISOString()}\n`);
  const env = npmEnv();

  const run = (title, cwd, args) => {
    const t0 = Date.now();
    appendFileSync(logFile, `\n$ (cd ${cwd} && npm ${args.join(' ')})\n`);
    const result = spawnSync('npm', args, { cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    appendFileSync(logFile, `${result.stdout ?? ''}${result.stderr ?? ''}`);
    if (result.status !== 0) {
      const tail = `${result.stdout ?? ''}${result.stderr ?? ''}`.split('\n').slice(-25).join('\n');
      throw new Error(`code-server install failed at "${title}" (exit ${result.status}); log: ${logFile}\n${tail}`);
    }
    log(`  ${title} (${((Date.now() - t0) / 1000).toFixed(1)}s)`);
  };
  const expect = (file) => {
    if (!existsSync(file)) throw new Error(`code-server install: ${file} was not built; see ${logFile}`);
  };

  log(`Preparing code-server ${CODE_SERVER_VERSION} in ${INSTALL_DIR} (once, about two minutes)…`);
  try {
    writeFileSync(join(work, 'package.json'), `${JSON.stringify({ name: 'agent-checklist-code-server', private: true, allowScripts: { argon2: true } }, null, 2)}\n`);
    run('npm install code-server', work, ['install', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`]);

    const vscodeDir = join(work, 'node_modules', 'code-server', 'lib', 'vscode');
    run('install VS Code server modules', vscodeDir, ['install', '--omit=dev', '--ignore-scripts']);
    allowScripts(join(vscodeDir, 'package.json'), VSCODE_NATIVE);
    run('build native modules', vscodeDir, ['rebuild', ...VSCODE_NATIVE]);
    for (const out of VSCODE_NATIVE_OUTPUTS) expect(join(vscodeDir, 'node_modules', out));
    const rgDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
    mkdirSync(rgDir, { recursive: true });
    copyFileSync(findOnPath('rg'), join(rgDir, 'rg'));
    symlinkSync('node_modules', join(vscodeDir, 'node_modules.asar'));

    run('install built-in extensions modules', join(vscodeDir, 'extensions'), ['install', '--omit=dev']);
    run('build argon2', work, ['rebuild', 'argon2']);
    expect(join(work, 'node_modules', 'argon2', 'lib', 'binding', 'napi-v3', 'argon2.node'));

    writeFileSync(join(work, `.ready-${CODE_SERVER_VERSION}`), `${new Date().toISOString()}\n`);
    if (isCodeServerInstalled()) {
      rmSync(work, { recursive: true, force: true }); // a concurrent run finished first
    } else {
      rmSync(INSTALL_DIR, { recursive: true, force: true });
      renameSync(work, INSTALL_DIR);
    }
  } catch (error) {
    rmSync(work, { recursive: true, force: true });
    throw error;
  }
  log(`code-server ${CODE_SERVER_VERSION} ready (${((Date.now() - started) / 1000).toFixed(0)}s)`);
  return ENTRY;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    ensureCodeServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
