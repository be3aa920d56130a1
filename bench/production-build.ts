// The real build script with --production (minified, no source maps), run in a
// scratch folder whose sources link back to the repository: dist/ is left as the
// development build the tests load. The folder is also a loadable extension
// (manifest, nls and l10n linked), so a workbench can run the production bundle.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../scripts/vscode-server/paths.mjs';

const LINKED = [
  'extension',
  'webview',
  'node_modules',
  'package.json',
  'package.nls.json',
  'package.nls.zh-cn.json',
  'l10n',
  'tsconfig.json',
];

export function productionBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-prod-build-'));
  for (const name of LINKED) {
    if (fs.existsSync(path.join(REPO_ROOT, name))) fs.symlinkSync(path.join(REPO_ROOT, name), path.join(dir, name));
  }
  const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'build.mjs'), '--production'], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`production build failed:\n${result.stdout}${result.stderr}`);
  return dir;
}
