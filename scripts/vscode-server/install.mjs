// Installs code-server (a real VS Code: server + web workbench, from npm) into
// .vscode-test/code-server, offline except for the npm registry. Idempotent: a
// finished install leaves a marker and is reused; an unfinished one is redone.
// Run directly (`node scripts/vscode-server/install.mjs`) or call ensureCodeServer().
//
// Why by hand: code-server's postinstall downloads ripgrep from the internet, which
// fails here, so every package is installed with --ignore-scripts and the native
// modules are built explicitly (node-gyp against Node's own headers). The work
// happens in a temporary folder renamed into place at the end, so a crash or a
// concurrent run never leaves a half install behind.
//
// Two things a fresh machine does not need:
// - libkrb5-dev: VS Code imports `kerberos` only to answer a Kerberos proxy
//   challenge (`await import("kerberos")` in the server's and the extension host's
//   proxy code, inside the request that needs it), so it is left unbuilt. Lost: only
//   Kerberos (Negotiate) authentication to an HTTP proxy.
// - ripgrep: no registry package ships an rg binary without a download (the one
//   that does, a CLI's platform package, is 170 MB). When `rg` is on PATH (Debian's
//   ripgrep) it is copied in; without it VS Code starts and runs the extension
//   normally. Lost: the workbench's own Search view and Go to File (Ctrl+P), which
//   spawn rg; no tier and no part of Agent Checklist uses them (its grep tool is
//   RE2 in JavaScript, list_files walks the file system itself).
import { spawnSync } from 'node:child_process';
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { CODE_SERVER_VERSION, ENTRY, INSTALL_DIR, READY_MARKER } from './paths.mjs';
import { CODE_SERVER_BUILD, ensurePrerequisites, findOnPath } from '../prerequisites.mjs';

/** Native modules of VS Code's server that must be compiled here (no prebuilt download). */
const VSCODE_NATIVE = ['node-pty', '@parcel/watcher', '@vscode/spdlog', '@vscode/deviceid', 'native-watchdog'];
/** What each build must leave behind, relative to lib/vscode/node_modules. */
const VSCODE_NATIVE_OUTPUTS = [
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

/**
 * npm settings for the builds: Node's own headers (node-gyp must not download
 * them), and scripts of our packages allowed explicitly (npm 11's allowScripts
 * policy only warns today; a stricter default would otherwise skip the builds).
 */
function npmEnv() {
  const env = {
    ...process.env,
    npm_config_yes: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };
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
  ensurePrerequisites(CODE_SERVER_BUILD, { who: 'preparing code-server', log });

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
    writeFileSync(
      join(work, 'package.json'),
      `${JSON.stringify({ name: 'agent-checklist-code-server', private: true, allowScripts: { argon2: true } }, null, 2)}\n`,
    );
    run('npm install code-server', work, ['install', '--ignore-scripts', `code-server@${CODE_SERVER_VERSION}`]);

    const vscodeDir = join(work, 'node_modules', 'code-server', 'lib', 'vscode');
    run('install VS Code server modules', vscodeDir, ['install', '--omit=dev', '--ignore-scripts']);
    allowScripts(join(vscodeDir, 'package.json'), VSCODE_NATIVE);
    run('build native modules', vscodeDir, ['rebuild', ...VSCODE_NATIVE]);
    for (const out of VSCODE_NATIVE_OUTPUTS) expect(join(vscodeDir, 'node_modules', out));
    const rg = findOnPath('rg');
    if (rg) {
      const rgDir = join(vscodeDir, 'node_modules', '@vscode', 'ripgrep', 'bin');
      mkdirSync(rgDir, { recursive: true });
      copyFileSync(rg, join(rgDir, 'rg'));
    } else {
      log(
        "  no ripgrep on PATH: the workbench's Search view and Go to File will not work (Agent Checklist does not need them; apt-get install ripgrep adds them)",
      );
    }
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
