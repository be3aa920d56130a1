// THE list of followed agents: each one's descriptor (agents/*.ts, followed-agent.ts
// says what it holds). The follower's thread, the import, the recogniser (through
// them), the settings' enum (`agentChecklist.followAgents`, checked against
// package.json by a unit test), the CLI's usage and the editor's plan notice read it.
// Adding an agent is its descriptor (and reader) and one line here.
import * as os from 'node:os';
import type { FollowedAgent } from './followed-agent';
import { claudeCode } from './agents/claude-code';
import { codex } from './agents/codex';
import { geminiCli } from './agents/gemini-cli';
import { opencode } from './agents/opencode';

export const FOLLOWED_AGENTS: readonly FollowedAgent[] = [claudeCode, codex, geminiCli, opencode];

/** Every followed agent's id, in the list's order (the setting's values). */
export const FOLLOWED_AGENT_IDS: readonly string[] = FOLLOWED_AGENTS.map((agent) => agent.id);

/** The agent with id `id` in `agents`, if there is one. */
export function followedAgent(id: string, agents = FOLLOWED_AGENTS): FollowedAgent | undefined {
  return agents.find((agent) => agent.id === id);
}

/** Each agent's home (by id), as the agents themselves find it from `env`. */
export function agentHomes(
  env: NodeJS.ProcessEnv,
  homedir = os.homedir(),
  agents = FOLLOWED_AGENTS,
): Record<string, string> {
  return Object.fromEntries(agents.map((agent) => [agent.id, agent.home(env, homedir)]));
}
