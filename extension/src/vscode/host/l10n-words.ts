// The product's enumerations in the user's language, in one table: a word is looked up
// by `<kind>.<value>`, so a new status or outcome is one line here, and a value
// without its word is a type error. Words are made when asked for (vscode.l10n reads
// the user's bundle at run time).
import * as vscode from 'vscode';
import type { SubagentOutcome, TodoStatus } from '../../core/domain-literals';

type WordKey = `status.${TodoStatus}` | `outcome.${SubagentOutcome}` | 'outcome.running';

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
};

export function word(key: WordKey): string {
  return WORDS[key]();
}
