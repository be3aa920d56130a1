/** @jsxRuntime automatic @jsxImportSource preact */
// What the user must know before reading the transcript: the demo model is not AI,
// a provider that cannot run, a session shown read-only. The demo banner can be
// dismissed (the host remembers it; the header's "Demo" label stays).
import type { ProviderView, SessionView } from '@core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon, IconButton, LinkButton, SPINNER } from './icon';

export function Banners({ provider, session }: { provider: ProviderView | null; session: SessionView | null }) {
  const s = useStrings();
  const [before, after] = s.demoBanner.split('{0}');
  return (
    <>
      {provider?.isDemo && !provider.demoBannerDismissed && (
        <div class="banner banner-demo" role="note">
          <Icon name="beaker" />
          <span>
            <strong>{s.demoModel}</strong> — {before}
            {after !== undefined && (
              <>
                <code>agentChecklist.provider</code>
                {after}
              </>
            )}
          </span>
          {provider.languageModel !== undefined && (
            <LinkButton message={{ type: 'useLanguageModel' }}>
              {format(s.useLanguageModel, provider.languageModel)}
            </LinkButton>
          )}
          <LinkButton message={{ type: 'openSettings' }}>{s.openSettings}</LinkButton>
          <IconButton
            icon="close"
            label={s.dismiss}
            class="banner-dismiss"
            onClick={() => post({ type: 'dismissDemoBanner' })}
          />
        </div>
      )}
      {provider?.problem && (
        <div class="banner banner-problem" role="alert">
          <Icon name="warning" />
          <span>{provider.problem}</span>
          <LinkButton message={{ type: 'openSettings' }}>{s.openSettings}</LinkButton>
        </div>
      )}
      {session?.opening ? (
        <div class="banner" role="status">
          <Icon name={SPINNER} />
          <span>{s.openingBanner}</span>
        </div>
      ) : (
        session?.readOnly && (
          <div class="banner banner-readonly" role="note">
            <Icon name="lock" />
            <span>{session.writer ? format(s.readOnlyExternalBanner, session.writer) : s.readOnlyBanner}</span>
            {session.agentFile && <LinkButton message={{ type: 'openAgentFile' }}>{s.openAgentFile}</LinkButton>}
            <LinkButton message={{ type: 'newSession' }}>{s.newSession}</LinkButton>
          </div>
        )
      )}
    </>
  );
}
