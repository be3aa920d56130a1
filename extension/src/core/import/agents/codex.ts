// Codex: its rollouts, `<home>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`
// (home `$CODEX_HOME` or `~/.codex`), read by codex-rollout.ts. Every folder's rollouts
// share that folder: a rollout's first line (`session_meta`) names the folder it ran in
// as its `cwd`, and files of other folders are never read past it.
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../../store/parse-json';
import type { FollowedAgent } from '../followed-agent';
import { firstLine, listFiles } from '../agent-session-files';

type ReaderModule = typeof import('../codex-rollout');
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../codex-rollout') => unknown;

const isRollout = (file: string): boolean => /^rollout-.*\.jsonl$/.test(path.basename(file));

/** Every rollout under `sessions` (YYYY/MM/DD folders), oldest first. */
function rollouts(sessions: string): string[] {
  const out: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of listFiles(dir).sort()) {
      const full = path.join(dir, name);
      if (depth < 3) walk(full, depth + 1);
      else if (isRollout(name)) out.push(full);
    }
  };
  walk(sessions, 0);
  return out;
}

const sessionMetaLine = z.object({ type: z.literal('session_meta'), payload: z.object({ cwd: z.string() }) });

/** The folder a rollout ran in (its first line's `session_meta.payload.cwd`); undefined before that line is whole. */
function rolloutCwd(file: string): string | undefined {
  const line = firstLine(file, 1 << 20);
  if (line === undefined) return undefined;
  const meta = sessionMetaLine.safeParse(parseJson(line));
  return meta.success ? path.resolve(meta.data.payload.cwd) : undefined;
}

export const codex: FollowedAgent = {
  id: 'codex',
  name: 'Codex',
  home: (env, homedir) => env.CODEX_HOME?.trim() || path.join(homedir, '.codex'),
  homeVariables: ['CODEX_HOME'],
  reading: {
    kind: 'jsonl',
    what: 'a Codex rollout',
    files: {
      dirOf: (home) => path.join(home, 'sessions'),
      recursive: true,
      isSessionFile: isRollout,
      list: rollouts,
      folderOf: rolloutCwd,
    },
    recognises: (line) => line.type === 'session_meta' && 'payload' in line,
    reader: () => new (require('../codex-rollout') as ReaderModule).CodexRolloutReader(),
  },
  importHelp: `a Codex rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, or under $CODEX_HOME)`,
};
