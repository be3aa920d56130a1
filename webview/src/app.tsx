/** @jsxRuntime automatic @jsxImportSource preact */
// Wires the page to the host: checks every incoming message (its type and seq, see
// core/protocol/host-message-check.ts), folds it with the pure reducer, and says `ready` once listening (the host
// answers with a snapshot).
import { useEffect, useReducer } from 'preact/hooks';
import { checkHostMessage } from '@core/protocol/host-message-check';
import { AgentView } from './agent-view';
import { initialState, messageHandlers, reduce } from './state/reducer';
import { post } from './vscode-api';

/**
 * `loading`: the host's localized loading line (in the page's HTML), shown until the first snapshot brings every
 * string.
 */
export function App({ loading }: { loading: string }) {
  const [state, dispatch] = useReducer(reduce, initialState);

  useEffect(() => {
    const onMessage = (event: MessageEvent<unknown>): void => {
      const parsed = checkHostMessage(event.data, messageHandlers);
      if (!parsed.ok) {
        console.warn(`[agent-checklist] dropped an invalid host message: ${parsed.error}`);
        return;
      }
      dispatch(parsed.message);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (state.needsResync) post({ type: 'ready' });
  }, [state.needsResync]);

  return <AgentView view={state.view} loading={loading} />;
}
