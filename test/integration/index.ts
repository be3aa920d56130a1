// The extension-host test entry: `run()` is called by VS Code (code-server through the
// payload URL here, @vscode/test-electron elsewhere) inside the REAL extension host.
// It runs every *.test.js bundled next to it and rejects when any test fails.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000 });
  for (const name of fs.readdirSync(__dirname).filter((n) => n.endsWith('.test.js')).sort()) mocha.addFile(path.join(__dirname, name));
  await new Promise<void>((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}
