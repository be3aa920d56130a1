// What every part of an activation shares: the extension's context, `own` (registers
// a part for disposal with the extension), the output channel, the settings as read
// now, and the window's first file workspace folder.
import * as vscode from 'vscode';
import { readSettings, type AgentSettings } from './settings';

/** Registers `item` for disposal with the extension and returns it. */
export type Own = <T extends vscode.Disposable>(item: T) => T;

export interface Activation {
  context: vscode.ExtensionContext;
  own: Own;
  log: vscode.LogOutputChannel;
  /** The settings as they are now; each problem reading them is logged. */
  settings: () => AgentSettings;
  workspaceFolder: vscode.Uri | undefined;
  /** The first workspace folder's path when it is on disk. */
  workspaceRoot: string | undefined;
}

export function startActivation(context: vscode.ExtensionContext): Activation {
  const own: Own = (item) => {
    context.subscriptions.push(item);
    return item;
  };
  const log = own(vscode.window.createOutputChannel('Agent Checklist', { log: true }));
  const settings = (): AgentSettings => {
    const { settings: current, problems } = readSettings();
    for (const problem of problems) log.warn(problem);
    return current;
  };
  const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const workspaceRoot = workspaceFolder?.scheme === 'file' ? workspaceFolder.fsPath : undefined;
  return { context, own, log, settings, workspaceFolder, workspaceRoot };
}
