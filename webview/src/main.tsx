// The webview entry. It owns no state: it renders host snapshots (see app.tsx).
import { render } from 'preact';

function App() {
  return <main>Agent Checklist</main>;
}

const root = document.getElementById('root');
if (root) render(<App />, root);
