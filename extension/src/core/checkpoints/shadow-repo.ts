// A workspace's checkpoints: a shadow git repository outside the workspace, one per
// workspace folder under a base folder (the extension's global storage, or the CLI's
// state folder: location.ts). A checkpoint is a commit of the workspace as
// it is: the workspace's own .gitignore files are honoured, EXCLUDED_FOLDERS and files
// over MAX_FILE_BYTES are left out, nested repositories are left out, and files are
// stored byte for byte (info/attributes turns off every line-end and filter rule). Only
// what changed since the last checkpoint is read again (git's index keeps the rest).
// Runs are queued per shadow repository: one git at a time writes its index.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { ChangedFile } from '../protocol/item-evidence-view';
import { nulFields, ShadowGit } from './shadow-git';
import { headCommit, moveHead } from './shadow-head';

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const STATS_AT_ONCE = 64;

/** Folders left out of every checkpoint wherever they are, besides what .gitignore says. */
const EXCLUDED_FOLDERS = [
  'node_modules',
  '.venv',
  'venv',
  '__pycache__',
  '.tox',
  '.gradle',
  '.agent-checklist',
  '.vscode-test',
] as const;

export interface FileStat extends ChangedFile {
  /** Lines added and removed; null for a binary file. */
  added: number | null;
  removed: number | null;
}

const repos = new Map<string, ShadowRepo>();

export class ShadowRepo {
  private queue: Promise<unknown> = Promise.resolve();
  private ready: Promise<void> | null = null;

  private constructor(readonly git: ShadowGit) {}

  /** The shadow repository of `workspace` under `base` (one object per repository in a process). */
  static of(base: string, workspace: string): ShadowRepo {
    const root = path.resolve(workspace);
    const gitDir = path.join(path.resolve(base), `${createHash('sha256').update(root).digest('hex').slice(0, 16)}.git`);
    let repo = repos.get(gitDir);
    if (!repo) repos.set(gitDir, (repo = new ShadowRepo(new ShadowGit(gitDir, root))));
    return repo;
  }

  get workspace(): string {
    return this.git.workTree;
  }

  /** A checkpoint: the workspace now, committed and kept (the shadow HEAD moves to it). */
  checkpoint(): Promise<string> {
    return this.serial(() => this.commitWorkspace(true));
  }

  /** The workspace now as a commit, without moving the shadow HEAD (for "the workspace now" in a diff). */
  snapshot(): Promise<string> {
    return this.serial(() => this.commitWorkspace(false));
  }

  async changedFiles(from: string, to: string): Promise<ChangedFile[]> {
    await this.init();
    const fields = nulFields(await this.git.ok(['diff', '--name-status', '--no-renames', '-z', from, to]));
    const files: ChangedFile[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) {
      const status = fields[i]!;
      if (status === 'A' || status === 'D' || status === 'M' || status === 'T')
        files.push({ status, path: fields[i + 1]! });
    }
    return files;
  }

  /** Each changed file with its added and removed line counts. */
  async fileStats(from: string, to: string): Promise<FileStat[]> {
    const files = await this.changedFiles(from, to);
    const counts = new Map<string, [number | null, number | null]>();
    for (const line of nulFields(await this.git.ok(['diff', '--numstat', '--no-renames', '-z', from, to]))) {
      const match = /^(\d+|-)\t(\d+|-)\t(.*)$/s.exec(line);
      if (match)
        counts.set(match[3]!, [match[1] === '-' ? null : Number(match[1]), match[2] === '-' ? null : Number(match[2])]);
    }
    return files.map((file) => ({
      ...file,
      added: counts.get(file.path)?.[0] ?? null,
      removed: counts.get(file.path)?.[1] ?? null,
    }));
  }

  /** The unified diff from `from` to `to` (of `files` only when given), as `git diff` prints it. */
  async diff(from: string, to: string, files?: readonly string[]): Promise<string> {
    await this.init();
    const args = ['diff', '--no-color', '--no-ext-diff', '--no-textconv', '--no-renames', from, to];
    return (await this.git.ok(files === undefined ? args : [...args, '--', ...files])).toString('utf8');
  }

  /** A file's bytes in a checkpoint. */
  async fileAt(commit: string, file: string): Promise<Buffer> {
    return this.git.ok(['cat-file', 'blob', `${commit}:${file}`]);
  }

  /**
   * Writes `files` in the workspace as they were in `commit`; a file `commit` does not have must not be in the list.
   */
  restore(commit: string, files: readonly string[]): Promise<void> {
    if (files.length === 0) return Promise.resolve();
    return this.serial(async () => {
      await this.git.ok(['checkout', commit, '--pathspec-from-file=-', '--pathspec-file-nul'], files.join('\0'));
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      await this.init();
      return work();
    });
    this.queue = run.catch(() => {});
    return run;
  }

  private init(): Promise<void> {
    this.ready ??= this.create().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  private async create(): Promise<void> {
    const { gitDir, workTree } = this.git;
    const exists = await fs.stat(path.join(gitDir, 'HEAD')).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await fs.mkdir(path.dirname(gitDir), { recursive: true, mode: 0o700 });
      await this.git.ok(['init', '--quiet', '--template=']);
    }
    await fs.mkdir(path.join(gitDir, 'info'), { recursive: true });
    await fs.writeFile(path.join(gitDir, 'description'), `Agent Checklist checkpoints of ${workTree}\n`);
    await fs.writeFile(
      path.join(gitDir, 'info', 'exclude'),
      `${EXCLUDED_FOLDERS.map((folder) => `${folder}/`).join('\n')}\n`,
    );
    // Bytes in, bytes out: no line-end conversion, no filters, whatever .gitattributes say.
    await fs.writeFile(path.join(gitDir, 'info', 'attributes'), '* -text -filter -ident -working-tree-encoding\n');
  }

  private async commitWorkspace(keep: boolean): Promise<string> {
    const changed = await this.stageChanges();
    const head = await headCommit(this.git);
    if (!changed && head !== null) return head;
    // The tree from the index as it is (`git commit` would stat the whole workspace again).
    const tree = await this.git.text(['write-tree']);
    const commit = await this.git.text([
      'commit-tree',
      tree,
      ...(head === null ? [] : ['-p', head]),
      '-m',
      keep ? 'checkpoint' : 'workspace',
    ]);
    if (keep) await moveHead(this.git, head, commit);
    return commit;
  }

  /**
   * Brings the shadow index to the workspace: what changed is read, files over the limit
   * dropped. True when the index now differs from the shadow HEAD (a commit is due).
   */
  private async stageChanges(): Promise<boolean> {
    const status = nulFields(
      await this.git.ok([
        'status',
        '--porcelain=v1',
        '-z',
        '--untracked-files=all',
        '--no-renames',
        '--ignore-submodules=all',
      ]),
    );
    const update: string[] = [];
    const drop: string[] = [];
    let staged = false;
    const look = async (entry: string): Promise<void> => {
      const code = entry.slice(0, 2);
      const file = entry.slice(3);
      if (file.endsWith('/')) return; // a nested repository
      if (code[0] !== ' ' && code[0] !== '?') staged = true;
      if (code === '??' || code[1] === 'M' || code[1] === 'T') {
        const st = await fs.lstat(path.join(this.git.workTree, file)).catch(() => null);
        if (st !== null && (st.isSymbolicLink() || (st.isFile() && st.size <= MAX_FILE_BYTES))) update.push(file);
        else if (code !== '??') drop.push(file);
      } else if (code[1] === 'D') update.push(file);
    };
    // A bounded number of stats at a time: a first checkpoint stats every file, and
    // thousands of completions at once would hold the event loop.
    for (let at = 0; at < status.length; at += STATS_AT_ONCE)
      await Promise.all(status.slice(at, at + STATS_AT_ONCE).map(look));
    if (update.length > 0) await this.git.ok(['update-index', '--add', '--remove', '-z', '--stdin'], update.join('\0'));
    if (drop.length > 0) await this.git.ok(['update-index', '--force-remove', '-z', '--stdin'], drop.join('\0'));
    return staged || update.length > 0 || drop.length > 0;
  }
}

export type { ChangedFile };
