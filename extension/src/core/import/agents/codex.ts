// Codex: its rollouts, `<home>/sessions/YYYY/MM/DD/rollout-<time>-<thread id>.jsonl`
// (home `$CODEX_HOME` or `~/.codex`), read by codex-rollout.ts. Every folder's rollouts
// share that folder: a rollout's first line (`session_meta`) names the folder it ran in
// as its `cwd`, and files of other folders are never read past it. Since 0.152 it
// offers its model `update_plan` only when its config.toml turns it on
// (core/codex-config.ts): a session by such a build with no call, while the config leaves
// the tool off by default, is one whose model was not offered it (a config that says
// `false` is the user's choice and gets no notice). Agent Checklist: Turn On Codex's
// Plan Tool adds the table (codex-config-edit.ts).
import * as path from 'node:path';
import type { FollowedAgent } from '../followed-agent';
import { versionAtLeast } from '../plan-notice';

type ReaderModule = Pick<typeof import('../codex-rollout'), 'reading'>;
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../codex-rollout') => unknown;

/** The Codex release from which `update_plan` is off unless the config turns it on. */
export const CODEX_PLAN_TOOL_OFF_SINCE = '0.152.0';

export const codex: FollowedAgent = {
  id: 'codex',
  name: 'Codex',
  home: (env, homedir) => env.CODEX_HOME?.trim() || path.join(homedir, '.codex'),
  homeVariables: ['CODEX_HOME'],
  reading: {
    kind: 'jsonl',
    load: () => (require('../codex-rollout') as ReaderModule).reading,
  },
  planToolOff: {
    notice: 'codex-plan-tool-off',
    ofFile: (info) => versionAtLeast(info.version, CODEX_PLAN_TOOL_OFF_SINCE),
    ofLog: (version) => versionAtLeast(version, CODEX_PLAN_TOOL_OFF_SINCE),
    text: 'No plan: Codex did not offer its model its plan tool (update_plan), which is off by default since 0.152.',
    action: { label: 'Turn On Codex\u2019s Plan Tool', command: 'agentChecklist.enableCodexPlanTool' },
    // What reads the config (and the TOML parser) loads at the first question.
    leftOff: async (home) => {
      const [{ codexConfigFile }, { currentCodexPlanTool }] = await Promise.all([
        import('../../codex-config'),
        import('../../codex-plan-tool'),
      ]);
      const tool = currentCodexPlanTool(codexConfigFile(home));
      return tool === undefined ? undefined : tool === 'off-by-default';
    },
  },
};
