// The scripted ACP agent (fixtures/scripted-agent.ts) as an AcpAgentSession runs any
// agent: a child process started from its launch, on a log in a temp folder, with our
// approvals (a recording gate, or none) and our tools' policy. `run(steps)` sends one
// prompt whose text is the script and gives back each step's report and the log.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after } from 'node:test';
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { AcpAgentSession } from '../../../extension/src/core/acp-client/acp-agent-session';
import type { AcpClientToolsOptions } from '../../../extension/src/core/acp-client/acp-client-tools';
import type { AcpAgentLaunch } from '../../../extension/src/core/acp-client/agent-catalog';
import type { SessionEvent, TurnEndReason } from '../../../extension/src/core/session/events';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import type { ApprovalGate } from '../../../extension/src/core/tools/approvals';
import type { PlanReviewGate } from '../../../extension/src/core/agent/plan-first';
import type { CheckpointTaker } from '../../../extension/src/core/checkpoints/step-checkpoints';
import { tempDir } from '../support/sessions';
import type { Step } from './fixtures/scripted-agent';

export type { Step };

export const scriptedLaunch: AcpAgentLaunch = {
  id: 'scripted',
  title: 'Scripted',
  command: process.execPath,
  args: ['--import', pathToFileURL(require.resolve('tsx')).href, path.join(__dirname, 'fixtures', 'scripted-agent.ts')],
  env: {},
};

const reportSchema = z.object({
  step: z.number(),
  ok: z.boolean(),
  result: z.optional(z.unknown()),
  error: z.optional(z.string()),
});
type StepReport = z.infer<typeof reportSchema>;

export interface ScriptedAgent {
  /** The workspace folder (its real path): the agent's cwd. */
  ws: string;
  session: AcpAgentSession;
  run(steps: Step[]): Promise<{ reports: StepReport[]; end: TurnEndReason; events: readonly SessionEvent[] }>;
}

export interface ScriptedOptions {
  gate?: ApprovalGate | null;
  autoApprove?: boolean;
  /** Our tools' policy; null: none offered. Default: trusted, sandbox `auto` without network. */
  tools?: AcpClientToolsOptions | null;
  env?: Record<string, string>;
  /** Who decides on the plan the agent proposes leaving its plan mode (none: asked as any permission). */
  planReview?: PlanReviewGate;
  /** Checkpoints of the workspace before the agent's changes (none by default). */
  checkpoints?: CheckpointTaker;
}

/** Starts the scripted agent on a new workspace with `files`; the session is closed after the test file. */
export async function scriptedAgent(
  options: ScriptedOptions = {},
  files: Record<string, string> = {},
): Promise<ScriptedAgent> {
  const dir = tempDir('acp-client-');
  const ws = path.join(fs.realpathSync(dir), 'ws');
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(ws, rel)), { recursive: true });
    fs.writeFileSync(path.join(ws, rel), content);
  }
  fs.mkdirSync(ws, { recursive: true });
  const store = new SessionStore(path.join(dir, 'sessions'));
  let text = '';
  const tools =
    options.tools === undefined ? { trusted: true, sandbox: { mode: 'auto' as const, network: false } } : options.tools;
  const session = await AcpAgentSession.open({
    launch: scriptedLaunch,
    cwd: ws,
    env: { PATH: process.env.PATH, ...options.env },
    clientVersion: '0.0.0',
    openLog: (source) => store.create({ cwd: ws, source }),
    approvals: { gate: options.gate ?? null, autoApprove: options.autoApprove ?? false },
    onUpdate: (update) => {
      if (update.sessionUpdate === 'agent_message_chunk' && update.content.type === 'text') text += update.content.text;
    },
    ...(tools === null ? {} : { tools }),
    ...(options.planReview === undefined ? {} : { planReview: options.planReview }),
    ...(options.checkpoints === undefined ? {} : { checkpoints: options.checkpoints }),
  });
  after(() => session.close());
  return {
    ws,
    session,
    run: async (steps) => {
      text = '';
      const end = await session.prompt(JSON.stringify(steps), new AbortController().signal);
      const reports = text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => reportSchema.parse(JSON.parse(line)));
      return { reports, end, events: session.log.session.events };
    },
  };
}

/** The `tool/approval` events of a log as [callId, tool, decision, by]. */
export function approvalsOf(events: readonly SessionEvent[]): [string, string, string, string][] {
  return events.flatMap((e) =>
    e.type === 'tool/approval'
      ? [[e.data.callId, e.data.tool, e.data.decision, e.data.by] as [string, string, string, string]]
      : [],
  );
}
