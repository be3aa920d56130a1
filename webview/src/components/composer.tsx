// The prompt box: Enter sends, Shift+Enter starts a new line; Stop while a turn runs.
import { useState } from 'preact/hooks';
import type { RunView } from '../../../extension/src/core/protocol/messages';
import { post } from '../vscode-api';

export function Composer({ run }: { run: RunView }) {
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
        aria-label="Prompt"
        placeholder={running ? 'The agent is working…' : 'Ask the agent (Enter sends, Shift+Enter for a new line)'}
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
        <button type="button" class="secondary-button" title="New Session" onClick={() => post({ type: 'newSession' })}>
          <span class="codicon codicon-add" aria-hidden="true" /> New
        </button>
        {running ? (
          <button type="button" class="primary-button" disabled={run.stopping} onClick={() => post({ type: 'stop' })}>
            <span class="codicon codicon-debug-stop" aria-hidden="true" /> {run.stopping ? 'Stopping…' : 'Stop'}
          </button>
        ) : (
          <button type="submit" class="primary-button" disabled={!text.trim()}>
            <span class="codicon codicon-send" aria-hidden="true" /> Send
          </button>
        )}
      </div>
    </form>
  );
}
