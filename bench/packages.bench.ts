// What a user downloads (issue 39): the VSIX `npm run package` builds and the CLI's npm
// tarball `npm run package:cli` builds, their sizes and how many files each holds.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import type { Metric } from './report';
import { round } from './stats';

const KB = 1024;

/** Runs a packing script; the path its last line names. */
function pack(script: string): string {
  const packed = spawnSync(process.execPath, [script], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`${script} failed:\n${packed.stdout}${packed.stderr}`);
  return packed.stdout.trim().split('\n').at(-1) ?? '';
}

function entries(command: string, args: string[]): number {
  const listed = spawnSync(command, args, { encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${listed.stderr}`);
  return listed.stdout.split('\n').filter((line) => line !== '' && !line.endsWith('/')).length;
}

export function runPackagesBench(log: (line: string) => void): Metric[] {
  const vsix = pack('scripts/package.mjs');
  log(`  ${vsix}`);
  const tarball = pack('scripts/package-cli.mjs');
  log(`  ${tarball}`);
  const tarballKb = fs.statSync(tarball).size / KB;
  return [
    {
      name: 'the VSIX (npm run package)',
      value: round(fs.statSync(vsix).size / KB, 1),
      unit: 'KB',
      target: 'report',
      met: null,
    },
    { name: 'files in the VSIX', value: entries('unzip', ['-Z1', vsix]), unit: '', target: 'report', met: null },
    {
      name: 'the CLI package tarball (npm run package:cli)',
      value: round(tarballKb, 1),
      unit: 'KB',
      target: '≤ 5 MB',
      met: tarballKb <= 5 * KB,
    },
    {
      name: 'files in the CLI package',
      value: entries('tar', ['tzf', tarball]),
      unit: '',
      target: 'report',
      met: null,
    },
  ];
}
