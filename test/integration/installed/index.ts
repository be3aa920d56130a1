// The extension-host test entry for the extension as installed from the VSIX
// (`node scripts/run-integration.mjs --vsix`): VS Code calls `run()` inside the real
// extension host, where the extension under test is the installed copy, not the
// working tree. It runs every *.test.js bundled next to it and rejects when any fails.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 120_000 });
  for (const name of fs
    .readdirSync(__dirname)
    .filter((n) => n.endsWith('.test.js'))
    .sort())
    mocha.addFile(path.join(__dirname, name));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
