// @vscode/test-cli configuration, for machines that can download VS Code (a laptop,
// a public CI). Build and bundle first: `node scripts/run-integration.mjs --electron`
// does both and then runs `vscode-test` with this file. Offline, the same suite runs
// in code-server: `npm run test:integration`.
import { defineConfig } from '@vscode/test-cli';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export default defineConfig({
  label: 'integration',
  files: 'out/integration/**/*.test.js',
  version: '1.100.3',
  workspaceFolder: mkdtempSync(join(tmpdir(), 'agent-checklist-it-ws-')),
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'bdd', timeout: 60_000, color: true },
});
