// A branch's plan file as it is on that branch, in a read-only editor: a virtual
// document of our scheme whose text the board's thread reads with git (board-jobs.ts:
// at most 256 KiB, control characters made visible). Nothing in it is run, followed
// or rendered as HTML: an editor shows it as plain text.
import * as vscode from 'vscode';
import type { BoardThread } from '../../core/board/board-thread';
import { visibleControls } from '../../core/terminal-text';

const BRANCH_PLAN_SCHEME = 'agent-checklist-branch';

/** The document of `file` on `ref` (a full ref name) in the repository at `folder`. */
export function branchPlanUri(folder: string, ref: string, file: string): vscode.Uri {
  const query = new URLSearchParams({ folder, ref }).toString();
  return vscode.Uri.from({ scheme: BRANCH_PLAN_SCHEME, path: `/${ref}/${file}`, query });
}

export function registerBranchDocuments(thread: BoardThread): vscode.Disposable {
  const provider: vscode.TextDocumentContentProvider = {
    provideTextDocumentContent: async (uri) => {
      const query = new URLSearchParams(uri.query);
      const folder = query.get('folder');
      const ref = query.get('ref');
      if (folder === null || ref === null || !uri.path.startsWith(`/${ref}/`))
        return vscode.l10n.t('Not a plan file on a branch.');
      try {
        return await thread.show(folder, ref, uri.path.slice(ref.length + 2));
      } catch (error) {
        const reason = visibleControls(error instanceof Error ? error.message : String(error));
        return vscode.l10n.t('The plan file cannot be read: {0}', reason);
      }
    },
  };
  return vscode.workspace.registerTextDocumentContentProvider(BRANCH_PLAN_SCHEME, provider);
}
