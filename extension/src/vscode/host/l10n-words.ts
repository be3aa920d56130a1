// The product's enumerations in the user's language, in one table: a word is looked up
// by `<kind>.<value>`, so a new status, outcome or agent is one line here, and a value
// without its word is a type error. Words are made when asked for (vscode.l10n reads
// the user's bundle at run time).
import * as vscode from 'vscode';
import type { SubagentOutcome, TodoStatus } from '../../core/domain-literals';
import type { SetupAgent } from '../../core/mcp/setup-snippets';

type WordKey = `status.${TodoStatus}` | `outcome.${SubagentOutcome}` | 'outcome.running' | `copied.${SetupAgent}`;

const WORDS: Record<WordKey, () => string> = {
  'status.completed': () => vscode.l10n.t('completed'),
  'status.in_progress': () => vscode.l10n.t('in progress'),
  'status.pending': () => vscode.l10n.t('pending'),
  'outcome.running': () => vscode.l10n.t('running'),
  'outcome.completed': () => vscode.l10n.t('done'),
  'outcome.aborted': () => vscode.l10n.t('stopped'),
  'outcome.error': () => vscode.l10n.t('failed'),
  'outcome.max-steps': () => vscode.l10n.t('step limit reached'),
  'outcome.interrupted': () => vscode.l10n.t('interrupted'),
  'copied.claude-code': () =>
    vscode.l10n.t(
      // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
      'Agent Checklist: the Claude Code command is on the clipboard. Run it in a terminal in this workspace, then restart Claude Code.',
    ),
  'copied.codex': () =>
    vscode.l10n.t('Agent Checklist: the Codex config is on the clipboard. Add it to ~/.codex/config.toml.'),
  'copied.gemini-cli': () =>
    vscode.l10n.t('Agent Checklist: the Gemini CLI config is on the clipboard. Merge it into ~/.gemini/settings.json.'),
  'copied.other': () =>
    vscode.l10n.t(
      "Agent Checklist: the MCP server entry is on the clipboard. Add it to your client's MCP configuration.",
    ),
};

export function word(key: WordKey): string {
  return WORDS[key]();
}
