/** @jsxRuntime automatic @jsxImportSource preact */
// The plan history, shown in place of the transcript while open: every plan version
// the host presented (core/protocol/plan-history-view.ts), newest first, each a
// button (aria-expanded) with its number, time, author and counts, then what changed
// (added / removed / DROPPED / status / text, each in words, never by colour alone);
// expanding a version shows that plan. Plan first: a version under an approval lists
// what in it is not in the approved plan (its `drift`, presented by the host). The page paints the views as they are:
// it neither diffs nor counts. Which versions are expanded is a UI toggle of this page.
//
// A lazily loaded chunk (dist/webview/plan-history.js, lazy-views.tsx), fetched when
// the user first opens the history: it imports values from chunk-api only.
import {
  countsHeader,
  format,
  Icon,
  PlanChanges,
  PlanItem,
  useEffect,
  useRef,
  useState,
  useStrings,
} from '../chunk-api';
import type { PlanChangeView, PlanDriftView, PlanVersionView } from '@core/protocol/plan-history-view';
import type { PlanItemView } from '@core/protocol/plan-view';
import type { WebviewStrings } from '@core/protocol/strings';

const statusWords = (s: WebviewStrings): Record<PlanItemView['status'], string> => ({
  completed: s.statusCompleted,
  in_progress: s.statusInProgress,
  pending: s.statusPending,
});

/** `history` null: the host has not sent it yet. */
export function PlanHistory({ history, close }: { history: readonly PlanVersionView[] | null; close: () => void }) {
  const s = useStrings();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <section class="plan-history" id="plan-history" aria-label={s.planHistory}>
      <div class="child-header">
        <button type="button" class="secondary-button plan-history-back" ref={back} onClick={close}>
          <Icon name="arrow-left" /> {s.back}
        </button>
        <h2 class="child-title">{s.planHistory}</h2>
      </div>
      <div class="plan-history-body">
        {history === null ? (
          <p class="working">{s.loading}</p>
        ) : history.length === 0 ? (
          <p class="empty">{s.historyEmpty}</p>
        ) : (
          <ol class="plan-versions" reversed>
            {[...history].reverse().map((version) => (
              <Version key={version.seq} version={version} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function Version({ version }: { version: PlanVersionView }) {
  const s = useStrings();
  const [open, setOpen] = useState(false);
  const planId = `plan-version-${version.seq}`;
  const counts = countsHeader(version.plan.progress.counts, {
    completed: s.countCompleted,
    inProgress: s.countInProgress,
    pending: s.countPending,
  });
  const time = new Date(version.ts);
  return (
    <li class={`plan-version by-${version.by}`} data-seq={version.seq} data-by={version.by}>
      <button
        type="button"
        class="plan-version-header"
        aria-expanded={open}
        aria-controls={planId}
        onClick={() => setOpen(!open)}
      >
        <Icon name={`chevron-${open ? 'down' : 'right'}`} />
        <Icon name={version.by === 'user' ? 'account' : 'sparkle'} />
        <span class="plan-version-title">{format(s.historyVersion, version.number)}</span>
        {' · '}
        <time dateTime={version.ts}>{Number.isNaN(time.getTime()) ? version.ts : time.toLocaleTimeString()}</time>
        {' · '}
        <span class="plan-version-by">{authorWords(version, s)}</span>
        {' · '}
        <span class="plan-counts">{counts}</span>
      </button>
      <ul class="plan-changes" role="list">
        {version.changes.length === 0 ? (
          <li class="plan-change-none">{s.noChanges}</li>
        ) : (
          version.changes.map((change, i) => <Change key={i} change={change} />)
        )}
      </ul>
      {version.diff && <PlanChanges changes={version.diff} />}
      {version.drift.length > 0 && (
        <ul class="plan-changes plan-drift" role="list">
          {version.drift.map((drift, i) => (
            <li key={i} class="plan-change plan-drift-item" data-drift={drift.kind}>
              <Icon name="diff" /> {driftText(s, drift)}
            </li>
          ))}
        </ul>
      )}
      {open && (
        <ul class="plan-items plan-version-items" role="list" id={planId}>
          {version.plan.todos.map((todo) => (
            <PlanItem key={todo.content} todo={todo} statusText={statusWords(s)[todo.status]} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Who wrote the version, and through what (the plan file, a hand-over from another session). */
function authorWords(version: PlanVersionView, s: WebviewStrings): string {
  if (version.by === 'model') return s.byModel;
  if (version.origin?.kind === 'plan-file') return s.byPlanFile;
  if (version.origin?.kind === 'hand-over') return format(s.byHandOver, version.origin.session);
  return s.byUser;
}

function driftText(s: WebviewStrings, drift: PlanDriftView): string {
  if (drift.kind === 'reworded') return format(s.driftReworded, drift.content, drift.approved);
  return format(drift.kind === 'added' ? s.driftAdded : s.driftDropped, drift.content);
}

const CHANGE_GLYPH: Record<PlanChangeView['kind'], string> = {
  added: 'add',
  removed: 'remove',
  dropped: 'warning',
  status: 'arrow-swap',
  text: 'edit',
};

function Change({ change }: { change: PlanChangeView }) {
  const s = useStrings();
  const words = statusWords(s);
  const label = {
    added: s.changeAdded,
    removed: s.changeRemoved,
    dropped: s.changeDropped,
    status: s.changeStatus,
    text: s.changeText,
  }[change.kind];
  return (
    <li class={`plan-change change-${change.kind}`} data-kind={change.kind}>
      <Icon name={CHANGE_GLYPH[change.kind]} />
      <span class="plan-change-kind">{label}</span>{' '}
      <span class="plan-change-content">
        {change.kind === 'text' ? format(s.changeFromTo, change.from, change.content) : change.content}
      </span>
      {change.kind === 'status' && (
        <span class="plan-change-detail"> {format(s.changeFromTo, words[change.from], words[change.to])}</span>
      )}
    </li>
  );
}
