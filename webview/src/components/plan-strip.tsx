// The plan strip above the composer: a header button with the per-status counts,
// expanding to the items. Hidden while no plan stands (or the plan is empty).
import { useState } from 'preact/hooks';
import type { PlanItemView, PlanView } from '../../../extension/src/core/protocol/messages';

const GLYPH: Record<PlanItemView['status'], string> = { completed: 'pass-filled', in_progress: 'play-circle', pending: 'circle-large-outline' };
const LABEL: Record<PlanItemView['status'], string> = { completed: 'completed', in_progress: 'in progress', pending: 'pending' };

export function PlanStrip({ plan }: { plan: PlanView | null }) {
  const [expanded, setExpanded] = useState(true);
  if (!plan || plan.total === 0) return null;
  return (
    <section class="plan-strip" aria-label="Plan">
      <button type="button" class="plan-header" aria-expanded={expanded} aria-controls="plan-items" onClick={() => setExpanded(!expanded)}>
        <span class={`codicon codicon-chevron-${expanded ? 'down' : 'right'}`} aria-hidden="true" />
        <span class="codicon codicon-checklist" aria-hidden="true" />
        <span class="plan-title">Plan</span>
        <span class="plan-counts">{plan.header}</span>
      </button>
      {expanded && (
        <ul class="plan-items" id="plan-items">
          {plan.todos.map((todo) => (
            <li key={todo.content} class={`plan-item status-${todo.status}`} data-status={todo.status}>
              <span class={`codicon codicon-${GLYPH[todo.status]}`} aria-hidden="true" />
              <span class="plan-item-content">{todo.content}</span>
              <span class="visually-hidden">, {LABEL[todo.status]}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
