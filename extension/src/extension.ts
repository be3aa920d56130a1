// Composition root: wiring only. Everything it creates is owned by
// context.subscriptions, so deactivate/re-activate never duplicates anything.
import type * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  void context;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
