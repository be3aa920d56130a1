// What every part of an activation shares: the extension's context, `own` (registers
// a part for disposal, counted by the tests' hooks in ExtensionMode.Test), the output
// channel, the settings as read now, and the window's first file workspace folder.
import * as vscode from 'vscode';
import { readSettings, type AgentSettings } from './settings';
import type { TestHooks } from './test-hooks';

/** Registers `item` for disposal with the extension (as a live adapter of `kind` for the tests) and returns it. */
export type Own = <T extends vscode.Disposable>(kind: string, item: T) => T;

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

export function startActivation(context: vscode.ExtensionContext, hooks: TestHooks | null): Activation {
  const own: Own = (kind, item) => {
    context.subscriptions.push(hooks ? hooks.track(kind, item) : item);
    return item;
  };
  const log = own('log', vscode.window.createOutputChannel('Agent Checklist', { log: true }));
  const settings = (): AgentSettings => {
    const { settings: current, problems } = readSettings();
    for (const problem of problems) log.warn(problem);
    return current;
  };
  const workspaceFolder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const workspaceRoot = workspaceFolder?.scheme === 'file' ? workspaceFolder.fsPath : undefined;
  return { context, own, log, settings, workspaceFolder, workspaceRoot };
}
