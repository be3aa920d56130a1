// Where the project's offline VS Code (code-server) lives, and which one.
// 4.100.3 is VS Code 1.100.3, the newest code-server that runs on Node 20.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const CODE_SERVER_VERSION = '4.100.3';
/** Git-ignored (.vscode-test/), kept between runs: the install costs about two minutes. */
export const INSTALL_DIR = join(REPO_ROOT, '.vscode-test', 'code-server');
export const CODE_SERVER_DIR = join(INSTALL_DIR, 'node_modules', 'code-server');
export const VSCODE_DIR = join(CODE_SERVER_DIR, 'lib', 'vscode');
export const ENTRY = join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
/** Written last by the installer: its presence means every step finished. */
export const READY_MARKER = join(INSTALL_DIR, `.ready-${CODE_SERVER_VERSION}`);
