// What a lazily loaded chunk (lazy-views.tsx) may use from main.js: main.tsx exports
// exactly this, and a chunk's build maps this module (and preact/jsx-runtime, which
// its JSX imports) to `./main.js`, so a chunk shares main's one preact (hooks need the
// same instance) and carries none of main's code. scripts/webview-build.mjs fails the
// build when a chunk imports any other value: add it here instead.
export { Fragment, jsx, jsxs } from 'preact/jsx-runtime';
export { useEffect, useRef, useState } from 'preact/hooks';
export { changedFilesList, countsHeader } from '@core/plan/summaries';
export { format, useStrings } from './i18n';
export { Icon, LinkButton } from './components/icon';
export { PlanItem, PlanStrip } from './components/plan-strip';
export { Transcript } from './components/transcript';
export { post } from './vscode-api';
export { PlanChanges } from './lazy-views';
