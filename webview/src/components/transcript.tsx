// The transcript: prompts, answers (as text: nothing from the model is ever parsed
// as HTML), collapsed reasoning, one row per tool call, how each turn ended, and the
// text streaming in for the current step.
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { StreamView } from '../../../extension/src/core/protocol/messages';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import { post } from '../vscode-api';

const TOOL_ICON = { pending: 'circle-large-outline', running: 'loading codicon-modifier-spin', ok: 'check', error: 'error' } as const;
const TURN_END_TEXT = { completed: null, aborted: 'Stopped.', error: 'The model request failed', 'max-steps': 'Stopped at the step limit', interrupted: 'Interrupted' } as const;

function Item({ item }: { item: TranscriptItem }) {
  switch (item.kind) {
    case 'user':
      return <li class="item item-user">{item.text}</li>;
    case 'assistant':
      return (
        <li class="item item-assistant">
          {item.reasoning && (
            <details class="reasoning">
              <summary>Reasoning</summary>
              <div class="reasoning-text">{item.reasoning}</div>
            </details>
          )}
          {item.text && <div class="assistant-text">{item.text}</div>}
        </li>
      );
    case 'tool':
      return (
        <li class={`item item-tool tool-${item.status}`}>
          <details>
            <summary>
              <span class={`codicon codicon-${TOOL_ICON[item.status]}`} aria-hidden="true" />
              <span class="tool-name">{item.name || 'tool call'}</span>
              <span class="visually-hidden">, {item.status}</span>
            </summary>
            <div class="tool-io">
              <div class="tool-io-label">Input</div>
              <pre>{item.arguments}</pre>
              {item.result !== null && (
                <>
                  <div class="tool-io-label">Result</div>
                  <pre>{item.result}</pre>
                </>
              )}
            </div>
          </details>
        </li>
      );
    case 'turn-end': {
      const head = TURN_END_TEXT[item.reason];
      if (head === null) return null;
      return (
        <li class={`item item-turn-end reason-${item.reason}`}>
          {head}
          {item.message ? `: ${item.message}` : ''}
        </li>
      );
    }
  }
}

/** Follows new output while the reader is at the bottom; leaves them where they are otherwise. */
function useFollowBottom(deps: unknown[]) {
  const ref = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, deps);
  const onScroll = (): void => {
    const el = ref.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
  };
  return { ref, onScroll };
}

export function Transcript({ items, stream, cursor, running }: { items: TranscriptItem[]; stream: StreamView | null; cursor: number | null; running: boolean }) {
  const follow = useFollowBottom([items, stream, running]);
  if (items.length === 0 && !stream && !running) {
    return (
      <div class="transcript empty">
        <p>Ask the agent to do something. It plans its work as a checklist you can follow here, in the Plan view and in the status bar.</p>
      </div>
    );
  }
  return (
    <div class="transcript" ref={follow.ref} onScroll={follow.onScroll}>
      {cursor !== null && (
        <button type="button" class="link-button older" onClick={() => post({ type: 'loadOlder', cursor })}>
          Show earlier messages
        </button>
      )}
      <ol class="items" aria-label="Transcript">
        {items.map((item) => (
          <Item key={item.id} item={item} />
        ))}
        {stream && (stream.text || stream.reasoning || stream.retry) && (
          <li class="item item-assistant streaming" aria-busy="true">
            {stream.retry && <div class="retry">{stream.retry}</div>}
            {stream.reasoning && !stream.text && <div class="reasoning-text">{stream.reasoning}</div>}
            {stream.text && <div class="assistant-text">{stream.text}</div>}
          </li>
        )}
      </ol>
      {running && !stream && <div class="working">Working…</div>}
    </div>
  );
}
