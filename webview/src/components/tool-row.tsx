/** @jsxRuntime automatic @jsxImportSource preact */
// One row per tool call, painted from the view the host's presenter made
// (core/protocol/tool-view.ts): status glyph, tool name and a short summary,
// expanding to what the call did. todo_write shows the logged list's
// `<done>/<total> done · <first active>` and a separate, never-truncated `+<n>` (or
// "rejected" with the error); bash its command, how it ended and its output;
// edit_file / write_file a -/+ line diff; subagent its task, outcome and a button
// that opens its transcript; anything else the generic view (input and result as
// text). Nothing here parses the model's arguments or the tool's output.
import { memo } from '../memo';
import type { ApprovalView } from '@core/protocol/messages';
import type { ToolChildView } from '@core/protocol/tool-view';
import type { ToolItem } from '@core/protocol/transcript';
import type { WebviewStrings } from '@core/protocol/strings';
import { progressRow } from '@core/plan/summaries';
import { format, useStrings } from '../i18n';
import { Disclosure } from './disclosure';
import { Icon, LinkButton, SPINNER } from './icon';
import { ApprovalCard, ToolBody } from '../lazy-views';

const TOOL_ICON = { pending: 'circle-large-outline', running: SPINNER, ok: 'check', error: 'error' } as const;

/** The row's one-line summary (and the separate `+<n>` of a todo_write row). */
function rowSummary(
  item: ToolItem,
  s: WebviewStrings,
): { text: string; more: string | null; moreCount: number; todo: boolean } {
  const view = item.view;
  if (view.kind !== 'todo') return { text: item.summary, more: null, moreCount: 0, todo: false };
  if (view.plan) {
    const row = progressRow(view.plan.progress, s.todoRow);
    return { text: row.text, more: row.more, moreCount: view.plan.progress.moreActive, todo: true };
  }
  return { text: view.error !== null ? s.todoRejected : '', more: null, moreCount: 0, todo: true };
}

function ToolRowImpl({ item, approvals }: { item: ToolItem; approvals: readonly ApprovalView[] }) {
  const s = useStrings();
  const statusText = { pending: s.toolPending, running: s.toolRunning, ok: s.toolOk, error: s.toolError }[item.status];
  const summary = rowSummary(item, s);
  const child = item.view.kind === 'subagent' ? item.view.child : null;
  return (
    <li class={`item item-tool tool-${item.status}`} data-tool={item.name} data-call-id={item.callId}>
      <Disclosure
        id={item.id}
        summary={
          <>
            <Icon name={TOOL_ICON[item.status]} />
            <span class="tool-name">{item.name || s.toolCall}</span>{' '}
            {summary.text && (
              <span class={summary.todo ? 'tool-summary todo-row-summary' : 'tool-summary'}>{summary.text}</span>
            )}
            {summary.more && ' '}
            {summary.more && (
              <span class="tool-more" title={format(s.moreInProgress, summary.moreCount)}>
                {summary.more}
              </span>
            )}
            <span class="visually-hidden">, {statusText}</span>
            {item.approval && <span class="tool-approval"> · {s[item.approval]}</span>}
          </>
        }
      >
        <ToolBody view={item.view} s={s} />
      </Disclosure>
      {child && <SubagentLine child={child} s={s} />}
      {approvals.map((a) => (
        <ApprovalCard key={a.id} approval={a} />
      ))}
    </li>
  );
}

/** Re-renders only when its item (a new object for every change) or its approvals change. */
export const ToolRow = memo(ToolRowImpl);

function SubagentLine({ child, s }: { child: ToolChildView; s: WebviewStrings }) {
  return (
    <div class="subagent" role="group" aria-label={format(s.childTitle, child.description)}>
      <Icon name={child.outcome === null ? SPINNER : 'type-hierarchy-sub'} />
      <span class="subagent-description">{child.description}</span>{' '}
      <span class="subagent-outcome">
        {child.outcome === null ? s.subagentRunning : format(s.subagentOutcome, child.outcome)}
      </span>{' '}
      <LinkButton data-open-child={child.sessionId} message={{ type: 'openChild', sessionId: child.sessionId }}>
        {s.openChild}
      </LinkButton>
    </div>
  );
}
