// `npm run package`: a production build (minified, no source maps) packed into a
// VSIX with @vscode/vsce. The bundles carry their dependencies, so the VSIX holds
// only what .vscodeignore lets through. The development build is restored after.
// Prints the VSIX path on its last line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode-server/paths.mjs';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
const vsix = join(REPO_ROOT, 'out', `${pkg.name}-${pkg.version}.vsix`);

function run(cmd, args) {
  const result = spawnSync(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) {
    console.error(`package: ${cmd} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(1);
  }
}

rmSync(join(REPO_ROOT, 'dist'), { recursive: true, force: true }); // no stale dev source maps in the VSIX
run(process.execPath, ['scripts/build.mjs', '--production']);
mkdirSync(join(REPO_ROOT, 'out'), { recursive: true });
run(process.execPath, [
  join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'),
  'package',
  '--no-dependencies',
  '--allow-missing-repository',
  // README links docs/ pages and shows media/screenshot.png by relative paths; with no repository to rewrite them against, they stay relative.
  '--no-rewrite-relative-links',
  '--out',
  vsix,
]);
if (!process.argv.includes('--keep-production-build')) run(process.execPath, ['scripts/build.mjs']);
console.log(vsix);
