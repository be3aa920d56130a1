// The extension-host test entry: `run()` is called by VS Code (code-server through the
// payload URL here, @vscode/test-electron elsewhere) inside the REAL extension host.
// It runs every *.test.js bundled next to it and rejects when any test fails.
//
// Order: alphabetical, except that suites which re-activate the extension run last.
// VS Code resolves a webview view once per view pane: after a simulated
// re-activation the new provider is never asked to resolve the Agent view again
// (a real re-activation comes with a new window), so suites that talk to the page
// must run before those. AGENT_CHECKLIST_IT_GREP (in the environment of the
// server) runs only the tests whose full title matches it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** Suites that call the test API's reactivate(). */
const REACTIVATING = [
  'context-compaction.test.js',
  'acp-agent.test.js',
  'reactivation.test.js',
  'read-only.test.js',
  'read-only-plan-edit.test.js',
];

export async function run(): Promise<void> {
  const grep = process.env.AGENT_CHECKLIST_IT_GREP;
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000, ...(grep ? { grep } : {}) });
  const names = fs
    .readdirSync(__dirname)
    .filter((n) => n.endsWith('.test.js'))
    .sort();
  // In REACTIVATING's order: a suite that talks to the page before it re-activates must come first.
  const last = REACTIVATING.filter((n) => names.includes(n));
  for (const name of [...names.filter((n) => !last.includes(n)), ...last]) mocha.addFile(path.join(__dirname, name));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
