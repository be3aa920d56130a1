// Dist tier: the production build as shipped. Builds what `npm run package` packs
// (`scripts/build.mjs --production`, dist/ emptied first so nothing of a development
// build is left to be loaded), then runs test/dist/**/*.test.ts with node's test runner
// (TypeScript via tsx, as the unit tier). The tests run the built CLI, `node
// dist/cli.js`, as child processes and never import the product's source. The
// development build is restored after (as `npm run package` does), unless
// --keep-production-build. Arguments other than flags keep the test files whose path
// contains one of them.
import { spawnSync } from 'node:child_process';
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './vscode-server/paths.mjs';

function collect(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...collect(full));
    else if (/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

function build(args) {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', ...args], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`run-dist: node scripts/build.mjs ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(1);
  }
}

const filter = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const files = collect(join(REPO_ROOT, 'test', 'dist')).filter(
  (f) => filter.length === 0 || filter.some((x) => f.includes(x)),
);
if (files.length === 0) {
  console.error('run-dist: no test files matched');
  process.exit(1);
}

rmSync(join(REPO_ROOT, 'dist'), { recursive: true, force: true });
build(['--production']);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...files], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
if (!process.argv.includes('--keep-production-build')) build([]);
process.exit(result.status ?? 1);
