/** @jsxRuntime automatic @jsxImportSource preact */
// One card: who, the title, the state's word, `done/total`, the item in progress and
// when it last changed, with its buttons (each named with the card's title, so a
// screen reader's list of buttons tells them apart).
import type { BoardCardView, BoardStrings } from '@core/protocol/board-view';
import { format } from '@core/text-template';
import { post } from './board-channel';

export function BoardCardItem({ card, strings }: { card: BoardCardView; strings: BoardStrings }) {
  return (
    <li class={`board-card state-${card.state}`} aria-label={card.title}>
      <div class="board-card-head">
        <span class="board-title">{card.title}</span>
        <span class="board-state">{card.stateWord}</span>
      </div>
      <div class="board-meta">
        <span class="board-agent">{card.agent}</span>
        <span class="board-counts">{card.counts}</span>
        <time dateTime={card.updatedAt}>{card.updated}</time>
      </div>
      {card.active !== null && <div class="board-active">{format(strings.activeItem, card.active)}</div>}
      <div class="board-actions">
        {card.actions.map(({ action, label }) => (
          <button
            type="button"
            key={action}
            aria-label={`${label}: ${card.title}`}
            onClick={() => post({ type: 'act', key: card.key, action })}
          >
            {label}
          </button>
        ))}
      </div>
    </li>
  );
}
