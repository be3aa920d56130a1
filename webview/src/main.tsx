/** @jsxRuntime automatic @jsxImportSource preact */
// The webview entry (an ES module, the page's one script). It owns no state of its
// own: it renders the fold of the host's messages (state/reducer.ts) and says `ready`
// first (app.tsx). Until the first snapshot it keeps the loading line the host wrote
// into the page.
import { render } from 'preact';
import { App } from './app';
import './styles.css';
import './plan.css';

// What the lazily loaded chunks use from this bundle (they import it from ./main.js).
export * from './chunk-api';

const root = document.getElementById('root');
if (root) render(<App loading={root.textContent ?? ''} />, root);
