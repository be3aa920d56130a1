/** @jsxRuntime automatic @jsxImportSource preact */
// The board: the filters (text, state, agent) and Fetch on top, then "Needs you" and
// the other plans, each a list of cards in the host's order. Arrow keys move between
// the cards of a list (to the same button's place in the next card, else its first).
import type { BoardCardView, BoardStrings, BoardView } from '@core/protocol/board-view';
import { useEffect, useState } from 'preact/hooks';
import { BoardCardItem } from './board-card';
import { post, viewOf } from './board-channel';

interface Filters {
  text: string;
  state: string;
  agent: string;
}

function matches(card: BoardCardView, filters: Filters): boolean {
  if (filters.state !== '' && card.state !== filters.state) return false;
  if (filters.agent !== '' && card.agent !== filters.agent) return false;
  const text = filters.text.trim().toLowerCase();
  if (text === '') return true;
  return [card.title, card.agent, card.active ?? '', card.stateWord].some((s) => s.toLowerCase().includes(text));
}

export function BoardApp({ loading }: { loading: string }) {
  const [view, setView] = useState<BoardView | null>(null);
  const [filters, setFilters] = useState<Filters>({ text: '', state: '', agent: '' });
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const next = viewOf(event.data);
      if (next !== null) setView(next);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);
  if (view === null) return <main class="board loading">{loading}</main>;
  const { strings } = view;
  const shown = view.cards.filter((card) => matches(card, filters));
  return (
    <main class="board">
      <h1>{strings.title}</h1>
      <BoardFilters view={view} filters={filters} onChange={setFilters} />
      {view.problem !== null && (
        <p class="board-problem" role="status">
          {view.problem}
        </p>
      )}
      <CardList id="needs-you" heading={strings.needsYou} cards={shown.filter((c) => c.needsYou)} strings={strings} />
      <CardList id="other" heading={strings.otherPlans} cards={shown.filter((c) => !c.needsYou)} strings={strings} />
    </main>
  );
}

function BoardFilters(props: { view: BoardView; filters: Filters; onChange: (filters: Filters) => void }) {
  const { view, filters, onChange } = props;
  const { strings } = view;
  const agents = [...new Set(view.cards.map((card) => card.agent))].sort();
  return (
    <div class="board-filters">
      <input
        type="search"
        aria-label={strings.filter}
        placeholder={strings.filter}
        value={filters.text}
        onInput={(e) => onChange({ ...filters, text: e.currentTarget.value })}
      />
      <label>
        {strings.state}
        <select value={filters.state} onChange={(e) => onChange({ ...filters, state: e.currentTarget.value })}>
          <option value="">{strings.any}</option>
          {view.states.map(({ state, word }) => (
            <option key={state} value={state}>
              {word}
            </option>
          ))}
        </select>
      </label>
      <label>
        {strings.agent}
        <select value={filters.agent} onChange={(e) => onChange({ ...filters, agent: e.currentTarget.value })}>
          <option value="">{strings.any}</option>
          {agents.map((agent) => (
            <option key={agent} value={agent}>
              {agent}
            </option>
          ))}
        </select>
      </label>
      <button type="button" disabled={view.fetching} onClick={() => post({ type: 'fetch' })}>
        {view.fetching ? strings.fetching : strings.fetch}
      </button>
    </div>
  );
}

function CardList(props: { id: string; heading: string; cards: BoardCardView[]; strings: BoardStrings }) {
  const { id, heading, cards, strings } = props;
  if (id === 'needs-you' && cards.length === 0) return null;
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {cards.length === 0 ? (
        <p class="board-empty">{strings.empty}</p>
      ) : (
        <ul class="board-list" aria-labelledby={`${id}-heading`} onKeyDown={moveBetweenCards}>
          {cards.map((card) => (
            <BoardCardItem key={card.key} card={card} strings={strings} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** ArrowDown / ArrowUp on a card's button: the button at the same place in the next / previous card. */
function moveBetweenCards(event: KeyboardEvent): void {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const target = event.target;
  if (!(target instanceof HTMLElement)) return;
  const card = target.closest('li');
  const next = event.key === 'ArrowDown' ? card?.nextElementSibling : card?.previousElementSibling;
  if (card === null || card === undefined || !(next instanceof HTMLElement)) return;
  const index = [...card.querySelectorAll('button')].indexOf(target as HTMLButtonElement);
  const buttons = next.querySelectorAll('button');
  (buttons[index] ?? buttons[0])?.focus();
  event.preventDefault();
}
