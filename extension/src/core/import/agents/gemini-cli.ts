// Gemini CLI: its sessions, `<gemini>/tmp/<slug>/chats/session-<time>-<id>.jsonl`
// (gemini `$GEMINI_CLI_HOME/.gemini` or `~/.gemini`, slug the folder's entry in
// `<gemini>/projects.json`, `{"projects": {"<folder>": "<slug>"}}`, written at its first
// run in the folder), read by gemini-session.ts. A session opens with its metadata
// (`sessionId` and `projectHash`, no `type`). Gemini CLI offers its plan tool
// (`write_todos`) to its Gemini 2.x models only: a session whose model is another (or,
// in one of our logs, which does not keep the model, any session without a plan) is
// offered our `todo_write` through MCP instead (Set Up for Another Agent…).
import * as path from 'node:path';
import type { FollowedAgent } from '../followed-agent';

type ReaderModule = Pick<typeof import('../gemini-session'), 'reading'>;
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../gemini-session') => unknown;

export const geminiCli: FollowedAgent = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  home: (env, homedir) => path.join(env.GEMINI_CLI_HOME?.trim() || homedir, '.gemini'),
  homeVariables: ['GEMINI_CLI_HOME'],
  reading: {
    kind: 'jsonl',
    load: () => (require('../gemini-session') as ReaderModule).reading,
  },
  planToolOff: {
    notice: 'gemini-no-plan-tool',
    ofFile: (info) => info.model !== undefined && !/^gemini-2\./.test(info.model),
    ofLog: () => true,
    text:
      'No plan: Gemini CLI offers its plan tool (write_todos) to Gemini ' +
      '2.x models only. Our todo_write, through MCP, works with any model.',
    action: { label: 'Set Up Gemini CLI', command: 'agentChecklist.setUpAgent', args: ['gemini-cli'] },
  },
};
