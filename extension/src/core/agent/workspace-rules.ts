// The project's own rules for the model: the first of AGENTS.md, CLAUDE.md and
// .github/copilot-instructions.md found at the workspace root, capped in size (the
// cut is marked). Reading goes through a function the host gives (node fs in the
// CLI, vscode.workspace.fs in the extension), so the core touches no file system.

const RULES_FILES = ['AGENTS.md', 'CLAUDE.md', '.github/copilot-instructions.md'] as const;

/** At most this many characters of the rules file reach the system prompt. */
const RULES_MAX_CHARS = 16_000;

export interface WorkspaceRules {
  /** The file as named at the root, e.g. `AGENTS.md` (what the session header shows). */
  file: string;
  text: string;
  /** The file was longer than RULES_MAX_CHARS and was cut (the text ends with a marker). */
  truncated: boolean;
}

/** Reads a file relative to the workspace root; null when it does not exist (or is not a readable file). */
export type ReadRootFile = (relativePath: string) => Promise<string | null>;

function rulesCutMarker(omitted: number): string {
  return `\n[… ${omitted} more characters of this file were cut]`;
}

export async function readWorkspaceRules(read: ReadRootFile): Promise<WorkspaceRules | null> {
  for (const file of RULES_FILES) {
    let text: string | null;
    try {
      text = await read(file);
    } catch {
      text = null;
    }
    if (text === null) continue;
    if (text.length <= RULES_MAX_CHARS) return { file, text, truncated: false };
    return {
      file,
      text: text.slice(0, RULES_MAX_CHARS) + rulesCutMarker(text.length - RULES_MAX_CHARS),
      truncated: true,
    };
  }
  return null;
}
