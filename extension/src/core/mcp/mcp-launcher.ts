// The launcher "Set Up for Another Agent…" names: a small script in the extension's
// global storage, whose path does not change when the extension updates (the
// extension's own folder is versioned and removed after an update). The extension
// rewrites it at each activation to start the current version's dist/cli.js with the
// editor's own runtime (process.execPath, as Node through ELECTRON_RUN_AS_NODE=1), so
// the agent needs no `node` on its PATH. Between an update and the next activation the
// old version's folder may be gone: the POSIX launcher then starts the version
// installed beside it, and falls back to a `node` on PATH only when the
// editor's runtime moved. Pure: the adapter (vscode/external-sessions/mcp-launcher.ts)
// writes the text.

export const LAUNCHER_DIR = 'bin';
const POSIX_LAUNCHER = 'agent-checklist';
const WINDOWS_LAUNCHER = 'agent-checklist.cmd';

export interface LauncherTarget {
  /** The editor's runtime (process.execPath): Electron or Node, run as Node. */
  runtime: string;
  /** The current version's dist/cli.js. */
  cliPath: string;
  /** The extension's folder name without its version (`<publisher>.<name>-`), to find a newer install beside it. */
  folderPrefix: string;
  platform: 'posix' | 'windows';
}

/** The launcher's file name for the platform. */
export function launcherName(platform: LauncherTarget['platform']): string {
  return platform === 'windows' ? WINDOWS_LAUNCHER : POSIX_LAUNCHER;
}

const sh = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** The launcher's text: a POSIX sh script or a Windows batch file. */
export function launcherScript(target: LauncherTarget): string {
  return target.platform === 'windows' ? windowsLauncher(target) : posixLauncher(target);
}

function posixLauncher({ runtime, cliPath, folderPrefix }: LauncherTarget): string {
  // cli.js sits at <extensions>/<prefix><version>/dist/cli.js. Only sh built-ins: the
  // agent's PATH may hold nothing. After an update the editor keeps one version, so the
  // installed folder found is the current one.
  return `#!/bin/sh
# Agent Checklist's CLI (agent-checklist mcp, run, plan, …), rewritten by the extension
# at each activation; the path of this file stays the same across updates.
runtime=${sh(runtime)}
cli=${sh(cliPath)}
if [ ! -f "$cli" ]; then
  extensions=\${cli%/*/*/*}
  for installed in "$extensions"/${sh(folderPrefix)}*/dist/cli.js; do
    if [ -f "$installed" ]; then cli=$installed; fi
  done
fi
if [ -x "$runtime" ]; then
  ELECTRON_RUN_AS_NODE=1 exec "$runtime" "$cli" "$@"
fi
exec node "$cli" "$@"
`;
}

function windowsLauncher({ runtime, cliPath }: LauncherTarget): string {
  return `@echo off\r
rem Agent Checklist's CLI, rewritten by the extension at each activation; the path of\r
rem this file stays the same across updates.\r
set ELECTRON_RUN_AS_NODE=1\r
"${runtime}" "${cliPath}" %*\r
`;
}
