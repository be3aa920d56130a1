// What a workspace walk skips, with ripgrep's meaning (its defaults, so that grep with
// and without ripgrep agree): the rules of `.gitignore` files (only inside a git
// repository: a `.git` in the folder or an ancestor), `.ignore` and `.rgignore` files
// (anywhere), `.git/info/exclude` and git's global excludes file (`core.excludesFile`,
// default `$XDG_CONFIG_HOME/git/ignore` or `~/.config/git/ignore`). Precedence, as
// ripgrep's: a deeper folder's rules over a shallower one's, within a folder `.rgignore`
// over `.ignore` over `.gitignore`, then info/exclude, then the global file; the first
// that decides (ignored, or re-included by `!rule`) wins. A hidden entry (name starting
// with `.`) is skipped unless a rule re-includes it; `.git` is always skipped. No name is
// skipped by itself: `node_modules` only when a rule says so. Rule matching is the
// `ignore` package's (gitignore's grammar), never ours.
import { execFile } from 'node:child_process';
import { promises as fsp } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** Per folder, highest precedence first. */
const FOLDER_RULE_FILES = ['.rgignore', '.ignore', '.gitignore'] as const;
const GIT_ONLY = '.gitignore';

export type EntryVerdict = 'kept' | 'ignored' | 'hidden' | 'git';

interface RuleSet {
  /** The folder the rules' paths are relative to. */
  base: string;
  rules: Ignore;
}

/** Reads a rule file; null when there is none (or it may not be read). */
export type RuleReader = (file: string) => Promise<string | null>;

/** The rules in force in one folder: its own and every enclosing folder's, deepest first. */
export class FolderRules {
  private constructor(
    private readonly sets: readonly RuleSet[],
    private readonly git: boolean,
  ) {}

  static empty(git: boolean): FolderRules {
    return new FolderRules([], git);
  }

  /** The rules of `dir` (a child folder of this one) added on top. */
  async enter(dir: string, read: RuleReader): Promise<FolderRules> {
    const own: RuleSet[] = [];
    for (const name of FOLDER_RULE_FILES) {
      if (name === GIT_ONLY && !this.git) continue;
      const text = await read(path.join(dir, name));
      if (text !== null && text.trim() !== '') own.push({ base: dir, rules: ignore().add(text) });
    }
    return own.length === 0 ? this : new FolderRules([...own, ...this.sets], this.git);
  }

  /** Rules that apply at the bottom (git's info/exclude and the global file), lowest precedence. */
  withBottom(sets: readonly RuleSet[]): FolderRules {
    return new FolderRules([...this.sets, ...sets], this.git);
  }

  /**
   * Whether a walk takes the entry `abs` (named `name`). Each rule file is asked about the
   * entry's own path below its folder: a folder the walk stands in was taken, or named
   * by the caller, so a verdict carried down from an ignored parent does not count.
   */
  verdict(abs: string, name: string, isDir: boolean): EntryVerdict {
    if (name === '.git') return 'git';
    for (const set of this.sets) {
      const rel = path.relative(set.base, abs).split(path.sep).join('/');
      if (rel === '' || rel.startsWith('..')) continue;
      const result = set.rules.test(isDir ? `${rel}/` : rel);
      if (result.unignored) return 'kept';
      if (result.ignored && !carriedFromParent(set.rules, rel, result.rule?.pattern)) return 'ignored';
    }
    return name.startsWith('.') ? 'hidden' : 'kept';
  }
}

/** The verdict is only the parent folder's, passed down (by the same rule). */
function carriedFromParent(rules: Ignore, rel: string, pattern: string | undefined): boolean {
  const slash = rel.lastIndexOf('/');
  if (slash === -1) return false;
  const parent = rules.test(`${rel.slice(0, slash)}/`);
  return parent.ignored && parent.rule?.pattern === pattern;
}

/** The folder holding `.git` at or above `dir`, or null. */
export async function gitRootOf(dir: string, exists: (p: string) => Promise<boolean>): Promise<string | null> {
  for (let at = dir; ; at = path.dirname(at)) {
    if (await exists(path.join(at, '.git'))) return at;
    if (path.dirname(at) === at) return null;
  }
}

/**
 * git's global excludes file: the global `core.excludesFile` (as
 * ripgrep reads it: not a repository's own), else the XDG default.
 */
export async function globalExcludesFile(cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const configured = await new Promise<string>((resolve) => {
    execFile('git', ['config', '--global', '--get', 'core.excludesFile'], { cwd, timeout: 5000 }, (error, stdout) =>
      resolve(error ? '' : stdout.trim()),
    );
  });
  if (configured !== '') return configured.startsWith('~/') ? path.join(os.homedir(), configured.slice(2)) : configured;
  const xdg = env.XDG_CONFIG_HOME ? env.XDG_CONFIG_HOME : path.join(os.homedir(), '.config');
  return path.join(xdg, 'git', 'ignore');
}

/** A rule file read straight from disk (for files outside the workspace: the global file, folders above it). */
export const readRuleFileFromDisk: RuleReader = (file) => fsp.readFile(file, 'utf8').catch(() => null);

/**
 * The rules in force in `start`: those of the git root (or `top`, whichever is deeper)
 * and every folder down to `start`, plus info/exclude and the global file inside a repository.
 * `read` is asked for every file inside `top`; `readOutside` for those above it and the global file.
 */
export async function rulesAt(
  start: string,
  top: string,
  read: RuleReader,
  readOutside: RuleReader | null,
  exists: (p: string) => Promise<boolean>,
): Promise<FolderRules> {
  const gitRoot = await gitRootOf(start, async (p) =>
    isWithin(top, p) ? exists(p) : readOutside !== null && pathExists(p),
  );
  const first = gitRoot !== null && readOutside !== null && !isWithin(top, gitRoot) ? gitRoot : top;
  const chain: string[] = [];
  for (let at = start; ; at = path.dirname(at)) {
    chain.unshift(at);
    if (at === first || path.dirname(at) === at) break;
  }
  let rules = FolderRules.empty(gitRoot !== null);
  for (const dir of chain)
    rules = await rules.enter(dir, (f) => (isWithin(top, f) ? read(f) : (readOutside?.(f) ?? Promise.resolve(null))));
  if (gitRoot === null) return rules;
  const bottom: RuleSet[] = [];
  const exclude = isWithin(top, gitRoot)
    ? await read(path.join(gitRoot, '.git', 'info', 'exclude'))
    : await (readOutside?.(path.join(gitRoot, '.git', 'info', 'exclude')) ?? null);
  if (exclude) bottom.push({ base: gitRoot, rules: ignore().add(exclude) });
  if (readOutside !== null) {
    const global = await readOutside(await globalExcludesFile(gitRoot));
    if (global) bottom.push({ base: gitRoot, rules: ignore().add(global) });
  }
  return rules.withBottom(bottom);
}

function isWithin(root: string, p: string): boolean {
  const rel = path.relative(root, p);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

async function pathExists(p: string): Promise<boolean> {
  return fsp.lstat(p).then(
    () => true,
    () => false,
  );
}
