// Who a session's card names: the agent as people call it, from the log's source
// (an MCP client's own name, an imported or ACP agent's product name).
import { followedAgent } from '../import/followed-agents';
import { sourceLabel, type SessionSource } from '../session/source';

/** Product names for the sources that are this extension itself (not translated). */
const OWN_AGENTS = { agent: 'Agent Checklist', cli: 'Agent Checklist CLI', chat: 'Chat participant' } as const;

export function sessionAgent(source: SessionSource | undefined): string {
  const label = sourceLabel(source, 'agent');
  switch (label.kind) {
    case 'mcp':
      return label.client;
    case 'imported':
      return followedAgent(label.agentId)?.name ?? label.agentId;
    case 'acp':
      return label.agent;
    default:
      return OWN_AGENTS[label.kind];
  }
}
