// grep with ripgrep: rg finds the candidate lines fast (its walk has the ignore files'
// meaning walk.ts mirrors, `--no-follow`), its `--json` output is parsed as it streams,
// and no line of it is shown as it is: each file it names is opened again through the
// workspace's confinement and the named lines are read there, redacted and matched
// with RE2 (line-scan.ts). So what is shown is what the confined read saw (a folder
// swapped for a link to the outside while rg ran shows nothing from outside), a secret
// is never matched, and the shape and notes are the JavaScript engine's. For a pattern
// both engines read alike (shared-syntax.ts), a line read as rg read it is not matched
// again: RE2 is loaded only for a line that differs (CRLF, redacted, invalid UTF-8).
import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import * as z from 'zod/mini';
import type { Workspace } from '../workspace';
import { absoluteOf, scanWorkspaceFile } from './js-search';
import type { LineFilter } from './line-scan';
import { MatchCollector } from './match-collector';
import type { SearchOutcome, SearchRequest } from './search-messages';

const rgPathSchema = z.object({ text: z.string() });
/** The two messages used (a path that is not UTF-8 comes as `bytes` and is skipped); the others are ignored. */
const rgMessageSchema = z.union([
  z.object({ type: z.literal('match'), data: z.object({ path: rgPathSchema, line_number: z.number() }) }),
  z.object({ type: z.literal('end'), data: z.object({ path: rgPathSchema }) }),
]);

const USED_TYPES: ReadonlySet<unknown> = new Set(['match', 'end']);
/** A message's `type`: the others (begin, context, summary) are passed over before they are validated. */
const typeOf = (json: unknown): unknown =>
  typeof json === 'object' && json !== null && 'type' in json ? json.type : undefined;

/**
 * rg's command line: its defaults are the ignore files' meaning;
 * `-uu` (no ignore files, hidden too) for includeIgnored.
 */
function ripgrepArgs(request: SearchRequest): string[] {
  return [
    '--json',
    '--no-config',
    '--no-messages',
    '--no-follow',
    ...(request.includeIgnored ? ['--no-ignore', '--hidden'] : []),
    '--glob=!.git',
    '--regexp',
    request.pattern,
    '--',
    request.display,
  ];
}

/** The display path of an rg path (relative to the root, which is rg's folder). */
const displayOf = (rgPath: string): string => (rgPath.startsWith('./') ? rgPath.slice(2) : rgPath);

/**
 * The search's outcome, or 'unusable' when rg could not run it (not started, or refused
 * the pattern). `makeFilter` is called once rg is started, so the pattern compiles while
 * rg searches; when it throws (RE2 refuses the pattern), rg is stopped and so is this.
 */
export function searchWithRipgrep(
  rg: string,
  workspace: Workspace,
  request: SearchRequest,
  makeFilter: () => LineFilter,
  signal?: AbortSignal,
): Promise<SearchOutcome | 'unusable'> {
  return new Promise((resolve, reject) => {
    const collector = new MatchCollector(request.maxMatches);
    const child = spawn(rg, ripgrepArgs(request), { cwd: request.root, stdio: ['ignore', 'pipe', 'pipe'] });
    const stop = (): void => void child.kill();
    child.on('error', () => resolve('unusable'));
    let filter: LineFilter;
    try {
      filter = makeFilter();
    } catch (error) {
      stop();
      return reject(error instanceof Error ? error : new Error(String(error)));
    }
    signal?.addEventListener('abort', stop, { once: true });
    const pending = new Map<string, Set<number>>();
    let checked: Promise<void> = Promise.resolve();
    let matched = false;
    let stderr = '';
    const check = (rgPath: string): void => {
      const lines = pending.get(rgPath);
      pending.delete(rgPath);
      if (lines === undefined) return;
      const display = request.startKind === 'file' ? request.display : displayOf(rgPath);
      checked = checked.then(async () => {
        if (collector.full) return;
        const abs = absoluteOf(request.root, display);
        const hits = await scanWorkspaceFile(workspace, abs, filter, collector.room, lines);
        collector.add(display, hits, request.startKind === 'directory');
        if (collector.full) stop();
      });
      // A file that cannot be checked again (gone, refused) shows nothing; the search goes on.
      checked = checked.catch(() => undefined);
    };
    const onLine = (line: string): void => {
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch {
        return;
      }
      if (!USED_TYPES.has(typeOf(json))) return;
      const message = rgMessageSchema.safeParse(json);
      if (!message.success) return;
      const rgPath = message.data.data.path.text;
      if (message.data.type === 'end') return check(rgPath);
      matched = true;
      let lines = pending.get(rgPath);
      if (lines === undefined) pending.set(rgPath, (lines = new Set()));
      lines.add(message.data.data.line_number);
    };
    const decoder = new StringDecoder('utf8');
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = partial + decoder.write(chunk);
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) onLine(part);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString('utf8');
    });
    child.on('close', (code) => {
      signal?.removeEventListener('abort', stop);
      if (partial !== '') onLine(partial);
      for (const rgPath of [...pending.keys()]) check(rgPath);
      if (code === 2 && !matched && stderr.trim() !== '') return resolve('unusable');
      void checked.then(() => resolve(collector.outcome('ripgrep')));
    });
  });
}
