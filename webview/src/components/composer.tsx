/** @jsxRuntime automatic @jsxImportSource preact */
// The prompt box: Enter sends, Shift+Enter starts a new line; Stop while a turn runs.
// The Plan first toggle (a lazy chunk: plan-review.tsx) when the host says whether the
// next prompt plans first (absent while an ACP agent runs new sessions).
import { useState } from 'preact/hooks';
import type { RunView } from '@core/protocol/messages';
import { useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon } from './icon';
import { PlanFirstToggle } from '../lazy-views';

export function Composer({ run, planFirst }: { run: RunView; planFirst?: boolean | undefined }) {
  const s = useStrings();
  const [text, setText] = useState('');
  const running = run.state === 'running';
  const send = (): void => {
    if (running || !text.trim()) return;
    post({ type: 'send', text });
    setText('');
  };
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        class="composer-input"
        aria-label={s.prompt}
        placeholder={running ? s.promptRunning : s.promptPlaceholder}
        rows={3}
        value={text}
        onInput={(e) => setText(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div class="composer-actions">
        {planFirst !== undefined && <PlanFirstToggle on={planFirst} />}
        {running ? (
          <button type="button" class="primary-button" disabled={run.stopping} onClick={() => post({ type: 'stop' })}>
            <Icon name="debug-stop" /> {run.stopping ? s.stopping : s.stop}
          </button>
        ) : (
          <button type="submit" class="primary-button" disabled={!text.trim()}>
            <Icon name="send" /> {s.send}
          </button>
        )}
      </div>
    </form>
  );
}
