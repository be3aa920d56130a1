// A file as a checkpoint holds it (core/checkpoints/shadow-repo.ts), served read-only
// under its own URI scheme for Show Changes' diff editor. The URI's path is the path of
// the file's own URI in the workspace, as the git extension's `git:` URIs keep it: the
// multi-file diff editor marks a pair whose paths differ as a rename. Its query says
// which workspace, which commit and which workspace-relative file. A file the commit
// does not have reads as empty (the "before" side of a file the item created). The
// shadow repository's code loads at the first such file read.
import * as vscode from 'vscode';
import * as z from 'zod/mini';

const CHECKPOINT_SCHEME = 'agent-checklist-checkpoint';

const querySchema = z.object({
  workspace: z.string(),
  commit: z.string().check(z.regex(/^[0-9a-f]{40,64}$/)),
  file: z.string(),
});

/** The URI of `file` (workspace-relative, `/`-separated) as `commit` holds it. */
export function checkpointUri(workspace: string, commit: string, file: string): vscode.Uri {
  const path = vscode.Uri.joinPath(vscode.Uri.file(workspace), file).path;
  return vscode.Uri.from({ scheme: CHECKPOINT_SCHEME, path, query: JSON.stringify({ workspace, commit, file }) });
}

export function registerCheckpointDocuments(checkpointsBase: string): vscode.Disposable {
  const provider: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri) {
      const parsed = querySchema.safeParse(parseJson(uri.query));
      if (!parsed.success) return '';
      const { ShadowRepo } = await import('../../core/checkpoints/shadow-repo');
      const repo = ShadowRepo.of(checkpointsBase, parsed.data.workspace);
      return repo.fileAt(parsed.data.commit, parsed.data.file).then(
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
