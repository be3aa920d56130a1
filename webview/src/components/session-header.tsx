/** @jsxRuntime automatic @jsxImportSource preact */
// The view's header: the session's title, a list to reopen another session of this
// workspace, New Session, and the model that answers (marked when it is the demo).
// Each session in the list reads `<source> · <title> · <date>`: who keeps the session
// first, so a narrow side bar that cuts the list off still shows it; the list's
// tooltip is the shown session's whole line (styles.css wraps the row below 280 px).
import type { ContextView, ProviderView, SessionListItem, SessionView } from '@core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon, IconButton } from './icon';

export function SessionHeader({
  session,
  sessions,
  provider,
  context,
}: {
  session: SessionView | null;
  sessions: SessionListItem[];
  provider: ProviderView | null;
  context?: ContextView | null;
}) {
  const s = useStrings();
  const title = session?.title || s.untitledSession;
  const current = sessions.find((x) => x.current);
  const currentId = current?.id ?? session?.id ?? '';
  const line = (x: SessionListItem): string =>
    [x.source, x.title || s.untitledSession, shortDate(x.modified)].filter(Boolean).join(' · ');
  return (
    <header class="session-header">
      <div class="session-row">
        <h1 class="session-title" title={title}>
          {title}
        </h1>
        {sessions.length > 0 && (
          <select
            class="session-select"
            aria-label={s.sessions}
            title={current ? line(current) : s.sessions}
            value={currentId}
            onChange={(e) => {
              const id = e.currentTarget.value;
              if (id && id !== currentId) post({ type: 'openSession', id });
            }}
          >
            {!sessions.some((x) => x.id === currentId) && <option value="">{title}</option>}
            {sessions.map((x) => (
              <option key={x.id} value={x.id}>
                {line(x)}
              </option>
            ))}
          </select>
        )}
        <IconButton icon="add" label={s.newSession} onClick={() => post({ type: 'newSession' })} />
      </div>
      {provider && (
        <div class="model-line">
          <Icon name="sparkle" />
          <span>
            {provider.agent ? format(s.agent, provider.agent) : format(s.model, provider.model || provider.id)}
          </span>
          {provider.isDemo && (
            <>
              {' '}
              <span class="demo-label">{s.demoLabel}</span>
            </>
          )}
          {context?.use && (
            <span class="context-use">
              {' · '}
              {format(s.contextUse, context.use)}
            </span>
          )}
          {context?.rules && (
            <span class="rules-file">
              {' · '}
              {format(s.rulesFile, context.rules)}
            </span>
          )}
        </div>
      )}
    </header>
  );
}

/** `2025-01-31 14:05` in the reader's time zone; the ISO text when it does not parse. */
function shortDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
