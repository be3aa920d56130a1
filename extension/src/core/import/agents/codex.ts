// Codex: its rollouts, `<home>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`
// (home `$CODEX_HOME` or `~/.codex`), read by codex-rollout.ts. Every folder's rollouts
// share that folder: a rollout's first line (`session_meta`) names the folder it ran in
// as its `cwd`, and files of other folders are never read past it.
import * as path from 'node:path';
import type { FollowedAgent } from '../followed-agent';

type ReaderModule = Pick<typeof import('../codex-rollout'), 'reading'>;
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../codex-rollout') => unknown;

export const codex: FollowedAgent = {
  id: 'codex',
  name: 'Codex',
  home: (env, homedir) => env.CODEX_HOME?.trim() || path.join(homedir, '.codex'),
  homeVariables: ['CODEX_HOME'],
  reading: {
    kind: 'jsonl',
    what: 'a Codex rollout',
    load: () => (require('../codex-rollout') as ReaderModule).reading,
  },
  importHelp: `a Codex rollout (~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl, or under $CODEX_HOME)`,
};
