/** @jsxRuntime automatic @jsxImportSource preact */
// One row of the transcript (transcript.tsx): a prompt, an answer, a tool call with its
// approvals, how a turn ended (with Continue), a compaction, or the text streaming in.
import type { ApprovalView, StreamView } from '@core/protocol/messages';
import { CONTINUE_PROMPT } from '@core/domain-literals';
import type { TranscriptItem } from '@core/protocol/transcript';
import { useStrings } from '../i18n';
import { LinkButton } from './icon';
import { Disclosure } from './disclosure';
import { Answer, PlainAnswer } from './answer';
import { memo } from '../memo';
import { ToolRow } from './tool-row';

/** One transcript item; memoized, so a new item re-renders that row only. */
export const Item = memo(function Item({
  item,
  approvals,
  canContinue,
}: {
  item: TranscriptItem;
  approvals: readonly ApprovalView[];
  canContinue: boolean;
}) {
  const s = useStrings();
  switch (item.kind) {
    case 'user':
      return <li class="item item-user">{item.text}</li>;
    case 'assistant':
      return (
        <li class="item item-assistant">
          {item.reasoning && (
            <Disclosure id={item.id} class="reasoning" summary={s.reasoning}>
              <div class="reasoning-text">{item.reasoning}</div>
            </Disclosure>
          )}
          {item.text && <Answer class="assistant-text" text={item.text} markdown={item.markdown} />}
        </li>
      );
    case 'tool':
      return <ToolRow item={item} approvals={approvals} />;
    case 'turn-end':
      return <TurnEndItem item={item} canContinue={canContinue} />;
    case 'compaction':
      return (
        <li class="item item-compaction">
          <details class="compaction">
            <summary>{s.compactionDivider}</summary>
            <div class="compaction-summary">{item.summary}</div>
          </details>
        </li>
      );
  }
});

/** How a turn ended, when not plainly completed, with Continue when the session may go on. */
function TurnEndItem({
  item,
  canContinue,
}: {
  item: Extract<TranscriptItem, { kind: 'turn-end' }>;
  canContinue: boolean;
}) {
  const s = useStrings();
  const head = {
    completed: null,
    aborted: s.turnAborted,
    error: s.turnError,
    'max-steps': s.turnMaxSteps,
    interrupted: s.turnInterrupted,
    'awaiting-approval': s.turnAwaitingApproval,
  }[item.reason];
  if (head === null) return null;
  return (
    <li class={`item item-turn-end reason-${item.reason}`}>
      {head}
      {item.message ? `: ${item.message}` : ''}
      {canContinue && (
        <>
          {' '}
          <LinkButton class="continue" message={{ type: 'send', text: CONTINUE_PROMPT }}>
            {s.continueTurn}
          </LinkButton>
        </>
      )}
    </li>
  );
}

/** The current step's text as it streams in (nothing until some arrives). */
export function StreamingItem({ stream }: { stream: StreamView }) {
  if (!stream.text && !stream.reasoning && !stream.retry) return null;
  return (
    <li class="item item-assistant streaming" aria-busy="true">
      {stream.retry && <div class="retry">{stream.retry}</div>}
      {stream.reasoning && !stream.text && <div class="reasoning-text">{stream.reasoning}</div>}
      {stream.text && <PlainAnswer class="assistant-text" text={stream.text} />}
    </li>
  );
}
