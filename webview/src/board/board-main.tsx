/** @jsxRuntime automatic @jsxImportSource preact */
// The Plan Board's page (vscode/board/board-panel.ts): a page of its own, never
// main.js's. It paints the host's view and keeps only its filters; until the first
// view it keeps the loading line the host wrote into the page.
import { render } from 'preact';
import { BoardApp } from './board-app';
import './board.css';

const root = document.getElementById('root');
if (root) render(<BoardApp loading={root.textContent ?? ''} />, root);
