// The launcher Set Up for Another Agent… names (core/mcp/mcp-launcher.ts says what it
// runs and why its path is stable): written into the extension's global storage at
// each activation, so it always starts the running version's dist/cli.js. Written to
// a temporary file and renamed, so an agent starting it meanwhile reads a whole file.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type * as vscode from 'vscode';
import { LAUNCHER_DIR, launcherName, launcherScript, type LauncherTarget } from '../../core/mcp/mcp-launcher';

/** The launcher's folder-name prefix: the installed folder's name without its version, else `<id>-`. */
function folderPrefix(extension: vscode.Extension<unknown>): string {
  const folder = path.basename(extension.extensionPath);
  const version = String((extension.packageJSON as { version?: unknown }).version ?? '');
  return version !== '' && folder.endsWith(`-${version}`)
    ? folder.slice(0, folder.length - version.length)
    : `${extension.id.toLowerCase()}-`;
}

export class McpLauncher {
  private written: Promise<string> | undefined;

  constructor(
    private readonly extension: vscode.Extension<unknown>,
    private readonly storageDir: string,
  ) {}

  /** The launcher's absolute path, written (once per activation) before it resolves. */
  ensure(): Promise<string> {
    this.written ??= this.write().catch((error: unknown) => {
      this.written = undefined;
      throw error;
    });
    return this.written;
  }

  private async write(): Promise<string> {
    const platform: LauncherTarget['platform'] = process.platform === 'win32' ? 'windows' : 'posix';
    const dir = path.join(this.storageDir, LAUNCHER_DIR);
    const file = path.join(dir, launcherName(platform));
    const text = launcherScript({
      runtime: process.execPath,
      cliPath: path.join(this.extension.extensionPath, 'dist', 'cli.js'),
      folderPrefix: folderPrefix(this.extension),
      platform,
    });
    await fs.mkdir(dir, { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temp, text, { mode: 0o755 });
    await fs.rename(temp, file);
    return file;
  }
}
