// The board's cards as the page shows them (core/protocol/board-view.ts): every word
// localized here, the cards' text with control characters made visible (a branch's
// plan is someone else's), and each card's actions: Approve Plan / Reject Plan with
// Feedback… on the session whose proposal this window waits on, Open on every card.
import * as vscode from 'vscode';
import { needsYou, type BoardCard } from '../../core/board/board-card';
import { BOARD_STATES, type BoardState } from '../../core/domain-literals';
import { BOARD_STRINGS, type BoardCardView, type BoardStrings, type BoardView } from '../../core/protocol/board-view';
import { visibleControls } from '../../core/terminal-text';

function stateWord(state: BoardState): string {
  switch (state) {
    case 'needs-approval':
      return vscode.l10n.t('Needs approval');
    case 'waiting':
      return vscode.l10n.t('Waiting');
    case 'running':
      return vscode.l10n.t('Running');
    case 'stalled':
      return vscode.l10n.t('Stalled');
    case 'flagged':
      return vscode.l10n.t('Flagged');
    case 'done':
      return vscode.l10n.t('Done');
    case 'idle':
      return vscode.l10n.t('Idle');
    case 'unreadable':
      return vscode.l10n.t('Unreadable');
  }
}

/** The card's key in the page and in its messages: source and id. */
export function cardKey(card: BoardCard): string {
  return `${card.source}:${card.id}`;
}

const shown = (text: string): string => visibleControls(text, { keepLayout: false });

function updatedLabel(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toLocaleString(vscode.env.language);
}

/** `waitingSession`: the session whose plan-first proposal this window waits on, or null. */
function cardView(card: BoardCard, waitingSession: string | null): BoardCardView {
  const decides = card.source === 'session' && card.id === waitingSession;
  const actions: BoardCardView['actions'] = decides
    ? [
        { action: 'approve', label: vscode.l10n.t('Approve Plan') },
        { action: 'reject', label: vscode.l10n.t('Reject Plan with Feedback…') },
      ]
    : [];
  actions.push({ action: 'open', label: vscode.l10n.t('Open') });
  const reason = card.reason === undefined ? '' : ` (${card.reason})`;
  return {
    key: cardKey(card),
    source: card.source,
    state: card.state,
    agent: shown(card.agent),
    title: shown(card.branch ?? card.title),
    stateWord: stateWord(card.state) + shown(reason),
    counts: card.verified
      ? vscode.l10n.t('{0} · {1} verified', `${card.completed}/${card.total}`, card.verified)
      : `${card.completed}/${card.total}`,
    active: card.active === null ? null : shown(card.active),
    updated: updatedLabel(card.updatedAt),
    updatedAt: card.updatedAt,
    needsYou: needsYou(card.state),
    actions,
  };
}

function boardStrings(): BoardStrings {
  const out: Record<keyof typeof BOARD_STRINGS, string> = { ...BOARD_STRINGS };
  for (const key of Object.keys(BOARD_STRINGS) as (keyof typeof BOARD_STRINGS)[])
    out[key] = vscode.l10n.t(BOARD_STRINGS[key]);
  return out;
}

export function boardView(
  cards: readonly BoardCard[],
  state: { waitingSession: string | null; fetching: boolean; problem: string | null },
): BoardView {
  return {
    cards: cards.map((card) => cardView(card, state.waitingSession)),
    states: BOARD_STATES.map((s) => ({ state: s, word: stateWord(s) })),
    strings: boardStrings(),
    fetching: state.fetching,
    problem: state.problem === null ? null : shown(state.problem),
  };
}
