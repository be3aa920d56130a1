/** @jsxRuntime automatic @jsxImportSource preact */
// The webview entry. It owns no state of its own: it renders the fold of the host's
// messages (state/reducer.ts) and says `ready` first (app.tsx). Until the first
// snapshot it keeps the loading line the host wrote into the page.
import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './plan.css';

const root = document.getElementById('root');
if (root) render(<App loading={root.textContent ?? ''} />, root);
