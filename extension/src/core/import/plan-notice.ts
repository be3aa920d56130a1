// Why a followed or imported session may show no plan although its agent worked: the
// agent did not offer its model a plan tool. Each agent that can withhold it says how
// in its descriptor (`planToolOff`: the rule, the notice, what turns the tool on); a
// session whose model called no plan tool, and that its agent's rule says was not
// offered one, carries the agent's notice.
import type { SessionSource } from '../session/source';
import type { AgentSessionInfo } from './agent-plan';
import type { FollowedAgent, PlanToolOff } from './followed-agent';

/** A session's notice: its agent, and the agent's plan-tool-off rule that holds. */
export interface PlanNotice {
  agent: FollowedAgent;
  off: PlanToolOff;
}

/**
 * Whether dotted version `version` (e.g. `2.1.328`, a suffix after
 * `-` ignored) is at least `min`; false when it is not a version.
 */
export function versionAtLeast(version: string | undefined, min: string): boolean {
  const parts = (v: string): number[] | undefined => {
    const numbers = v.split('-')[0]!.split('.').map(Number);
    return numbers.every((n) => Number.isInteger(n) && n >= 0) ? numbers : undefined;
  };
  const have = version === undefined ? undefined : parts(version.trim());
  const want = parts(min)!;
  if (have === undefined) return false;
  for (let i = 0; i < Math.max(have.length, want.length); i++) {
    const [a, b] = [have[i] ?? 0, want[i] ?? 0];
    if (a !== b) return a > b;
  }
  return true;
}

/** From the agent's own file: its notice when its model called no plan tool and its agent did not offer one. */
export function planNoticeOfFile(info: AgentSessionInfo, agents: readonly FollowedAgent[]): PlanNotice | undefined {
  if (info.planCalls > 0) return undefined;
  const agent = agents.find((a) => a.id === info.agent);
  const off = agent?.planToolOff;
  return agent !== undefined && off?.ofFile(info) === true ? { agent, off } : undefined;
}

/** From one of our logs: the same rule on its header's source, `hasPlanVersion` standing for a plan call. */
export function planNoticeOfLog(
  source: SessionSource | undefined,
  hasPlanVersion: boolean,
  agents: readonly FollowedAgent[],
): PlanNotice | undefined {
  if (source?.kind !== 'imported' || hasPlanVersion) return undefined;
  const agent = agents.find((a) => a.id === source.name);
  const off = agent?.planToolOff;
  return agent !== undefined && off?.ofLog(source.version) === true ? { agent, off } : undefined;
}

/**
 * Whether `notice` holds with its agent's configuration as it is now (`home`: the agent's
 * home): always, unless its rule also reads that configuration (`leftOff`).
 */
export async function noticeHoldsNow(notice: PlanNotice, home: string): Promise<boolean> {
  return notice.off.leftOff === undefined || (await notice.off.leftOff(home)) === true;
}
