// Gemini CLI: its sessions, `<gemini>/tmp/<slug>/chats/session-<time>-<id>.jsonl`
// (gemini `$GEMINI_CLI_HOME/.gemini` or `~/.gemini`, slug the folder's entry in
// `<gemini>/projects.json`, `{"projects": {"<folder>": "<slug>"}}`, written at its first
// run in the folder), read by gemini-session.ts. A session opens with its metadata
// (`sessionId` and `projectHash`, no `type`). Gemini CLI offers its plan tool
// (`write_todos`) to its Gemini 2.x models only: a session whose model is another (or,
// in one of our logs, which does not keep the model, any session without a plan) is
// offered our `todo_write` through MCP instead (Set Up for Another Agent…).
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../../store/parse-json';
import type { FollowedAgent } from '../followed-agent';
import { listFiles } from '../agent-session-files';

type ReaderModule = typeof import('../gemini-session');
/** CommonJS's require (the bundles and tsx), declared for this one module: the reader loads at its first use. */
declare const require: (id: '../gemini-session') => unknown;

const projectsFile = z.object({ projects: z.record(z.string(), z.string()) });

/** Where Gemini CLI keeps `folder`'s sessions, or undefined while `projects.json` does not name the folder. */
function chatsDir(home: string, folder: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(path.join(home, 'projects.json'), 'utf8');
  } catch {
    return undefined;
  }
  const parsed = projectsFile.safeParse(parseJson(text));
  if (!parsed.success) return undefined;
  const slug = parsed.data.projects[path.resolve(folder)];
  if (slug === undefined || !/^[A-Za-z0-9._-]+$/.test(slug) || slug.startsWith('.')) return undefined;
  return path.join(home, 'tmp', slug, 'chats');
}

const isSession = (file: string): boolean => /^session-.*\.jsonl$/.test(path.basename(file));

export const geminiCli: FollowedAgent = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  home: (env, homedir) => path.join(env.GEMINI_CLI_HOME?.trim() || homedir, '.gemini'),
  homeVariables: ['GEMINI_CLI_HOME'],
  reading: {
    kind: 'jsonl',
    what: 'a Gemini CLI session',
    files: {
      dirOf: chatsDir,
      recursive: false,
      isSessionFile: isSession,
      list: (dir) =>
        listFiles(dir)
          .filter(isSession)
          .map((name) => path.join(dir, name)),
    },
    recognises: (line) => !('type' in line) && 'sessionId' in line && 'projectHash' in line,
    reader: () => new (require('../gemini-session') as ReaderModule).GeminiSessionReader(),
  },
  planToolOff: {
    notice: 'gemini-no-plan-tool',
    ofFile: (info) => info.model !== undefined && !/^gemini-2\./.test(info.model),
    ofLog: () => true,
    text:
      'No plan: Gemini CLI offers its plan tool (write_todos) to Gemini ' +
      '2.x models only. Our todo_write, through MCP, works with any model.',
    action: { label: 'Set Up Gemini CLI', command: 'agentChecklist.setUpAgent', args: ['gemini-cli'] },
    warning: (info) =>
      `warning: no plan: Gemini CLI offers write_todos to Gemini 2.x models only, and this ` +
      `session's model is ${info.model ?? 'another'}; give Gemini CLI our todo_write through ` +
      `\`agent-checklist mcp\` (in the editor: Set Up for Another Agent…, Gemini CLI)`,
  },
  importHelp: `a Gemini CLI session (~/.gemini/tmp/<project>/chats/session-*.jsonl, or under
  $GEMINI_CLI_HOME/.gemini)`,
};
