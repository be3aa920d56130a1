// What a main bundle of the process build loads, read from the build's metafile
// (dist/process-meta.json, scripts/build.mjs): the files it loads at start, and the
// files a lazy entry brings with it.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROCESS_META, startupFiles as loadedAtStart, type ProcessMetafile } from '../../../scripts/bundle-check.mjs';

const root = path.resolve(__dirname, '../../..');
const ESM_DIR = 'dist/.esm/';

function metafile(): ProcessMetafile {
  return JSON.parse(fs.readFileSync(path.join(root, PROCESS_META), 'utf8')) as ProcessMetafile;
}

/** The dist/ files `entry` (e.g. 'dist/extension.js') loads through static imports, itself included. */
export function startupFiles(entry: string): string[] {
  return loadedAtStart(metafile(), entry.replace(/^dist\//, ESM_DIR)).map((file) => file.replace(ESM_DIR, 'dist/'));
}

/** The text of every file `entry` loads at start. */
export function startupText(entry: string): string {
  return startupFiles(entry)
    .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
}

/** Whether some file `entry` loads at start imports `lazy` (e.g. 'dist/providers/openai.js') with import(). */
export function loadsLazily(entry: string, lazy: string): boolean {
  const meta = metafile();
  const target = lazy.replace(/^dist\//, ESM_DIR);
  return startupFiles(entry).some((file) =>
    (meta.outputs[file.replace(/^dist\//, ESM_DIR)]?.imports ?? []).some(
      (i) => i.kind === 'dynamic-import' && i.path === target,
    ),
  );
}
