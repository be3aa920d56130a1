// What the user must know before reading the transcript: the demo model is not AI,
// a provider that cannot run, a session shown read-only.
import type { ProviderView, SessionView } from '../../../extension/src/core/protocol/messages';
import { post } from '../vscode-api';

export function Banners({ provider, session }: { provider: ProviderView | null; session: SessionView | null }) {
  return (
    <>
      {provider?.isDemo && (
        <div class="banner banner-demo" role="note">
          <span class="codicon codicon-beaker" aria-hidden="true" />
          <span>
            <strong>Demo model</strong> — a scripted session, not AI. Configure a real model in <code>agentChecklist.provider</code>.
          </span>
          <button type="button" class="link-button" onClick={() => post({ type: 'openSettings' })}>
            Open Settings
          </button>
        </div>
      )}
      {provider?.problem && (
        <div class="banner banner-problem" role="alert">
          <span class="codicon codicon-warning" aria-hidden="true" />
          <span>{provider.problem}</span>
          <button type="button" class="link-button" onClick={() => post({ type: 'openSettings' })}>
            Open Settings
          </button>
        </div>
      )}
      {session?.readOnly && (
        <div class="banner banner-readonly" role="note">
          <span class="codicon codicon-lock" aria-hidden="true" />
          <span>Another window is writing this session; it is shown read-only here.</span>
          <button type="button" class="link-button" onClick={() => post({ type: 'newSession' })}>
            New Session
          </button>
        </div>
      )}
    </>
  );
}
