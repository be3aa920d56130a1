// Where the agents keep their session files, and which of them belong to a folder:
//   - Claude Code: `<config>/projects/<slug>/<session id>.jsonl`, config
//     `$CLAUDE_CONFIG_DIR` or `~/.claude`, slug the folder's path with every
//     character that is not a letter or digit as '-';
//   - Codex: `<home>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`, home
//     `$CODEX_HOME` or `~/.codex`, whose first line (`session_meta`) names the folder
//     as its `cwd`;
//   - Gemini CLI: `<gemini>/tmp/<slug>/chats/session-<time>-<id>.jsonl`, gemini
//     `$GEMINI_CLI_HOME/.gemini` or `~/.gemini`, slug the folder's entry in
//     `<gemini>/projects.json` (`{"projects": {"<folder>": "<slug>"}}`);
//   - opencode: one SQLite database for every folder, `<data>/opencode/opencode.db`,
//     data `$XDG_DATA_HOME` or `~/.local/share` (opencode-db.ts reads it).
// Only read: nothing here writes, creates or locks the agents' files or folders.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../store/parse-json';
import { codexHomeOf } from '../codex-config';

export interface AgentHomes {
  claudeConfigDir: string;
  codexHome: string;
  geminiDir: string;
  /** opencode's database (it may not exist yet); without it opencode is not followed. */
  opencodeDb?: string;
}

/** The agents' homes as the agents themselves find them from `env`. */
export function agentHomes(env: NodeJS.ProcessEnv, home = os.homedir()): AgentHomes {
  return {
    claudeConfigDir: env.CLAUDE_CONFIG_DIR?.trim() || path.join(home, '.claude'),
    codexHome: codexHomeOf(env, home),
    geminiDir: path.join(env.GEMINI_CLI_HOME?.trim() || home, '.gemini'),
    opencodeDb: path.join(env.XDG_DATA_HOME?.trim() || path.join(home, '.local', 'share'), 'opencode', 'opencode.db'),
  };
}

export function claudeProjectDir(homes: Pick<AgentHomes, 'claudeConfigDir'>, folder: string): string {
  return path.join(homes.claudeConfigDir, 'projects', path.resolve(folder).replace(/[^A-Za-z0-9]/g, '-'));
}

export function codexSessionsDir(homes: AgentHomes): string {
  return path.join(homes.codexHome, 'sessions');
}

/** The session files in a Claude Code project folder (none when it does not exist). */
export function claudeTranscripts(dir: string): string[] {
  return listFiles(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(dir, name));
}

export function isCodexRollout(file: string): boolean {
  return /^rollout-.*\.jsonl$/.test(path.basename(file));
}

/** Every Codex rollout under `sessions` (YYYY/MM/DD folders), oldest first. */
export function codexRollouts(sessions: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of listFiles(dir).sort()) {
      const full = path.join(dir, name);
      if (depth < 3) walk(full, depth + 1);
      else if (isCodexRollout(name)) out.push(full);
    }
  };
  walk(sessions, 0);
  return out;
}

const geminiProjects = z.object({ projects: z.record(z.string(), z.string()) });

/**
 * The folder where Gemini CLI keeps `folder`'s sessions, or undefined while `projects.json` does not name the folder.
 */
export function geminiChatsDir(homes: Pick<AgentHomes, 'geminiDir'>, folder: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(homes.geminiDir, 'projects.json'), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = geminiProjects.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const slug = parsed.data.projects[path.resolve(folder)];
  if (slug === undefined || !/^[A-Za-z0-9._-]+$/.test(slug) || slug.startsWith('.')) return undefined;
  return path.join(homes.geminiDir, 'tmp', slug, 'chats');
}

export function isGeminiSession(file: string): boolean {
  return /^session-.*\.jsonl$/.test(path.basename(file));
}

/** The session files in a Gemini CLI chats folder (none when it does not exist). */
export function geminiSessions(dir: string): string[] {
  return listFiles(dir)
    .filter(isGeminiSession)
    .map((name) => path.join(dir, name));
}

const sessionMetaLine = z.object({ type: z.literal('session_meta'), payload: z.object({ cwd: z.string() }) });

/**
 * The folder a Codex rollout ran in (its first line's
 * `session_meta.payload.cwd`), or undefined before that line is whole.
 */
export function codexRolloutCwd(file: string): string | undefined {
  const line = firstLine(file, 1 << 20);
  if (line === undefined) return undefined;
  const meta = sessionMetaLine.safeParse(parseJson(line));
  return meta.success ? path.resolve(meta.data.payload.cwd) : undefined;
}

function listFiles(dir: string): string[] {
  try {
    return fs.readdirSync(dir);
  } catch {
    return [];
  }
}

/** The file's first newline-terminated line, read from at most `max` bytes. */
function firstLine(file: string, max: number): string | undefined {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const block = Buffer.allocUnsafe(Math.min(max, 64 * 1024));
    const parts: Buffer[] = [];
    for (let at = 0; at < max;) {
      const n = fs.readSync(fd, block, 0, block.length, at);
      if (n === 0) return undefined;
      const nl = block.subarray(0, n).indexOf(0x0a);
      if (nl !== -1) {
        parts.push(Buffer.from(block.subarray(0, nl)));
        return Buffer.concat(parts).toString('utf8');
      }
      parts.push(Buffer.from(block.subarray(0, n)));
      at += n;
    }
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}
