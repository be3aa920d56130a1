// `npm run package:cli`: the CLI as its own npm package, `agent-checklist` (bin
// `agent-checklist`), for terminal agents' `npx -y agent-checklist mcp …`. A production
// build (minified, no source maps), then a package folder holding what dist/cli.js can
// load: every file under dist/ except the webview, the extension host's entry, the
// integration tests' module and source maps (so a new lazy bundle or chunk is packed
// without a change here), plus a package.json made from the extension's (no
// dependencies: the bundles carry them), README.md and LICENSE. `npm pack` makes the
// tarball; its path is the last line printed. The development build is restored after.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from './vscode-server/paths.mjs';

const MAX_BYTES = 5 * 1024 * 1024;
const STAGE = join(REPO_ROOT, 'out', 'cli-package');

function run(cmd, args, cwd = REPO_ROOT) {
  const result = spawnSync(cmd, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) {
    console.error(`package:cli: ${cmd} ${args.join(' ')} failed (exit ${result.status})\n${result.stdout}`);
    process.exit(1);
  }
  return result.stdout;
}

/** Whether dist/<rel> belongs to the CLI: not the webview, the extension host, the test module or a source map. */
export function cliNeeds(rel) {
  const [top] = rel.split('/');
  return top !== 'webview' && !/^(extension|test-api)[.-]/.test(top) && !rel.endsWith('.map');
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}

function manifest() {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
  return {
    name: pkg.name,
    version: pkg.version,
    description:
      'Agent Checklist headless: an MCP plan server (todo_write / todo_read) that VS Code shows, an ACP agent, and a CLI to run, read and export plans.',
    license: pkg.license,
    keywords: pkg.keywords,
    bin: { 'agent-checklist': 'dist/cli.js' },
    engines: { node: pkg.engines.node },
  };
}

rmSync(join(REPO_ROOT, 'dist'), { recursive: true, force: true }); // no stale development files in the package
run(process.execPath, ['scripts/build.mjs', '--production']);
rmSync(STAGE, { recursive: true, force: true });
mkdirSync(STAGE, { recursive: true });
const dist = join(REPO_ROOT, 'dist');
for (const file of filesUnder(dist)) {
  const rel = relative(dist, file).split('\\').join('/');
  if (cliNeeds(rel)) cpSync(file, join(STAGE, 'dist', rel), { preserveTimestamps: true });
}
for (const file of ['README.md', 'LICENSE']) cpSync(join(REPO_ROOT, file), join(STAGE, file));
writeFileSync(join(STAGE, 'package.json'), `${JSON.stringify(manifest(), null, 2)}\n`);
const packed = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', join(REPO_ROOT, 'out')], STAGE));
const tarball = join(REPO_ROOT, 'out', packed[0].filename);
if (!process.argv.includes('--keep-production-build')) run(process.execPath, ['scripts/build.mjs']);
const bytes = statSync(tarball).size;
if (bytes > MAX_BYTES) {
  console.error(`package:cli: ${tarball} is ${bytes} bytes, over ${MAX_BYTES}`);
  process.exit(1);
}
console.log(
  `${packed[0].entryCount} files, ${(bytes / 1024).toFixed(1)} KB packed, ${(packed[0].unpackedSize / 1024).toFixed(1)} KB unpacked`,
);
console.log(tarball);
