// Claude Code: its transcripts, `<config>/projects/<slug>/<session id>.jsonl` (config
// `$CLAUDE_CONFIG_DIR` or `~/.claude`, slug the folder's path with every character
// that is not a letter or digit as '-'), read by claude-transcript.ts. Every line that
// belongs to the session carries a `sessionId` beside its `type`. Since 2.1.233 it
// withholds TodoWrite and its Task tools from its newest models unless
// CLAUDE_CODE_ENABLE_TODO_TOOLS is set (in its environment, or in its settings' `env`):
// Agent Checklist: Turn On Claude Code's Task List sets it (claude-settings.ts).
import * as path from 'node:path';
import type { FollowedAgent } from '../followed-agent';
import { versionAtLeast } from '../plan-notice';

type ReaderModule = Pick<typeof import('../claude-transcript'), 'reading'>;
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../claude-transcript') => unknown;

/** The Claude Code build from which the plan tools are withheld unless turned on. */
const TASKS_WITHHELD_SINCE = '2.1.233';

export const claudeCode: FollowedAgent = {
  id: 'claude-code',
  name: 'Claude Code',
  home: (env, homedir) => env.CLAUDE_CONFIG_DIR?.trim() || path.join(homedir, '.claude'),
  homeVariables: ['CLAUDE_CONFIG_DIR'],
  reading: {
    kind: 'jsonl',
    load: () => (require('../claude-transcript') as ReaderModule).reading,
  },
  planToolOff: {
    notice: 'claude-code-tasks-off',
    ofFile: (info) => versionAtLeast(info.version, TASKS_WITHHELD_SINCE),
    ofLog: (version) => versionAtLeast(version, TASKS_WITHHELD_SINCE),
    text:
      'No plan: Claude Code did not offer its model its task list (it ' +
      'withholds it from its newest models unless it is turned on).',
    action: { label: 'Turn On Claude Code\u2019s Task List', command: 'agentChecklist.enableClaudeCodeTasks' },
    // Its user settings may turn the task list on since (Turn On, or by hand): no notice then.
    leftOff: async (home) => {
      const { claudeSettingsFile, claudeTasksChange, readClaudeSettings } = await import('../claude-settings');
      try {
        return claudeTasksChange(readClaudeSettings(claudeSettingsFile(home))).kind !== 'already-on';
      } catch {
        return true;
      }
    },
  },
};
