// A file as a checkpoint holds it (core/checkpoints/shadow-repo.ts), served read-only
// under its own URI scheme for Show Changes' diff editor. The URI's path is the file's
// path in the workspace (the diff editor shows its name); its query says which
// workspace and which commit. A file the commit does not have reads as empty (the
// "before" side of a file the item created).
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';

export const CHECKPOINT_SCHEME = 'agent-checklist-checkpoint';

const querySchema = z.object({ workspace: z.string(), commit: z.string().check(z.regex(/^[0-9a-f]{40,64}$/)) });

/** The URI of `file` (workspace-relative, `/`-separated) as `commit` holds it. */
export function checkpointUri(workspace: string, commit: string, file: string): vscode.Uri {
  return vscode.Uri.from({ scheme: CHECKPOINT_SCHEME, path: `/${file}`, query: JSON.stringify({ workspace, commit }) });
}

export function registerCheckpointDocuments(checkpointsBase: string): vscode.Disposable {
  const provider: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const parsed = querySchema.safeParse(parseJson(uri.query));
      if (!parsed.success) return '';
      const repo = ShadowRepo.of(checkpointsBase, parsed.data.workspace);
      return repo.fileAt(parsed.data.commit, uri.path.slice(1)).then(
        (bytes) => bytes.toString('utf8'),
        () => '',
      );
    },
  };
  return vscode.workspace.registerTextDocumentContentProvider(CHECKPOINT_SCHEME, provider);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
