// What Codex's config says of its plan tool, for the host's notice (session-view.ts
// planNoticeOf). The TOML reader (core/codex-plan-tool.ts) is not in what the host
// loads at start: it is imported the first time a Codex session without a plan is asked
// about. Until it answers, nothing is said; each answer that differs from the last is
// told (onDidChangeCodexPlanTool), so the notice follows the file (read again only
// when its size or time changed).
import * as vscode from 'vscode';
import { codexConfigFile, codexHomeOf, type CodexPlanTool } from '../../core/codex-config';
import type { Session } from '../../core/session/session';

let known: CodexPlanTool | undefined;
let reading: Promise<void> | undefined;
const changes = new vscode.EventEmitter<void>();

/** Fires when what the config says changed (the notice may come or go). */
export const onDidChangeCodexPlanTool = changes.event;

/** `listener` runs when the answer changed while `shown()` is a followed Codex session (its notice may come or go). */
export function onCodexNoticeChange(shown: () => Session | null, listener: () => void): vscode.Disposable {
  return changes.event(() => {
    const source = shown()?.header.source;
    if (source?.kind === 'imported' && source.name === 'codex') listener();
  });
}

/** The last answer (undefined until the first, or when the config cannot be read); asks again. */
export function codexPlanToolKnown(): CodexPlanTool | undefined {
  reading ??= refresh()
    .catch(() => undefined)
    .finally(() => (reading = undefined));
  return known;
}

/** The answer once the config has been read (again, if it changed). */
export async function codexPlanToolNow(): Promise<CodexPlanTool | undefined> {
  codexPlanToolKnown();
  await reading;
  return known;
}

async function refresh(): Promise<void> {
  const { currentCodexPlanTool } = await import('../../core/codex-plan-tool');
  const now = currentCodexPlanTool(codexConfigFile(codexHomeOf(process.env)));
  if (now === known) return;
  known = now;
  changes.fire();
}
