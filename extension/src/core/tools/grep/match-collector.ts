// The matches of a search, gathered file by file whichever engine found them and in
// whatever order its concurrent reads finished, and given back in one order (path by
// path, name order at each level, as a walk meets them; then line), capped.
import { protectedPaths } from '../protected-paths';
import { matchLine } from './grep-text';
import type { FileHits } from './line-scan';
import type { SearchOutcome } from './search-messages';

interface FileResult {
  display: string;
  segments: string[];
  hits: FileHits;
}

function compareSegments(a: string[], b: string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return a.length - b.length;
}

const protection = protectedPaths();

export class MatchCollector {
  private readonly files: FileResult[] = [];
  private count = 0;

  constructor(private readonly max: number) {}

  /** One more match than shown tells that the cap cut the results. */
  get full(): boolean {
    return this.count > this.max;
  }

  /** How many more matches are wanted. */
  get room(): number {
    return Math.max(0, this.max + 1 - this.count);
  }

  /**
   * The matches of the file named `display` (relative to the workspace). A path the
   * tools never write (`.git`, our session logs) is not searched through a folder.
   */
  add(display: string, hits: FileHits | null, throughFolder: boolean): void {
    if (hits === null || (hits.hits.length === 0 && hits.long === null)) return;
    if (throughFolder && protection.protection(display) === 'never') return;
    this.files.push({ display, segments: display.split('/'), hits });
    this.count += hits.hits.length;
  }

  outcome(engine: SearchOutcome['engine']): SearchOutcome {
    this.files.sort((a, b) => compareSegments(a.segments, b.segments));
    const lines: string[] = [];
    let long: SearchOutcome['long'] = null;
    for (const file of this.files) {
      for (const hit of file.hits.hits) lines.push(matchLine(file.display, hit.line, hit.text));
      if (file.hits.long === null) continue;
      if (long === null) long = { count: 0, first: `${file.display}:${file.hits.long.first}` };
      long.count += file.hits.long.count;
    }
    const cut = lines.length > this.max;
    if (cut) lines.length = this.max;
    return { lines, cut, long, engine };
  }
}
