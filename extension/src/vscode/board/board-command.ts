// Agent Checklist: Open Plan Board (agentChecklist.openBoard), registered at
// activation; the board itself (board-panel.ts: its page, its thread, its watchers)
// is a lazy bundle loaded at the command's first run, so the extension's start does
// not carry it. One board per window: the command reveals it when it is open.
import * as vscode from 'vscode';
import { toDisposable } from '../../core/disposable';
import { OPEN_BOARD_COMMAND } from './board-ids';
import type { BoardDeps, BoardHost } from './board-panel';

export type { BoardDeps } from './board-panel';

export function registerBoard(deps: BoardDeps): vscode.Disposable {
  let host: Promise<BoardHost> | undefined;
  let closed = false;
  const open = async (): Promise<void> => {
    host ??= import('./board-panel').then(({ BoardHost }) => new BoardHost(deps));
    (await host).open();
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand(OPEN_BOARD_COMMAND, open),
    toDisposable(() => {
      closed = true;
      void host?.then((h) => closed && h.dispose());
    }),
  );
}
