/** @jsxRuntime automatic @jsxImportSource preact */
// What the user must know before reading the transcript: the demo model is not AI,
// a provider that cannot run, a session shown read-only. The demo banner can be
// dismissed (the host remembers it; the header's "Demo" label stays).
import type { ProviderView, SessionView } from '../../../extension/src/core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';

export function Banners({ provider, session }: { provider: ProviderView | null; session: SessionView | null }) {
  const s = useStrings();
  const [before, after] = s.demoBanner.split('{0}');
  return (
    <>
      {provider?.isDemo && !provider.demoBannerDismissed && (
        <div class="banner banner-demo" role="note">
          <span class="codicon codicon-beaker" aria-hidden="true" />
          <span>
            <strong>{s.demoModel}</strong> — {before}
            {after !== undefined && (
              <>
                <code>agentChecklist.provider</code>
                {after}
              </>
            )}
          </span>
          <button type="button" class="link-button" onClick={() => post({ type: 'openSettings' })}>
            {s.openSettings}
          </button>
          <button type="button" class="icon-button banner-dismiss" title={s.dismiss} aria-label={s.dismiss} data-testid="demo-banner-dismiss" onClick={() => post({ type: 'dismissDemoBanner' })}>
            <span class="codicon codicon-close" aria-hidden="true" />
          </button>
        </div>
      )}
      {provider?.problem && (
        <div class="banner banner-problem" role="alert">
          <span class="codicon codicon-warning" aria-hidden="true" />
          <span>{provider.problem}</span>
          <button type="button" class="link-button" onClick={() => post({ type: 'openSettings' })}>
            {s.openSettings}
          </button>
        </div>
      )}
      {session?.readOnly && (
        <div class="banner banner-readonly" role="note">
          <span class="codicon codicon-lock" aria-hidden="true" />
          <span>{session.writer ? format(s.readOnlyExternalBanner, session.writer) : s.readOnlyBanner}</span>
          <button type="button" class="link-button" onClick={() => post({ type: 'newSession' })}>
            {s.newSession}
          </button>
        </div>
      )}
    </>
  );
}
