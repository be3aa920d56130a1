// The ACP agents this window runs (core/acp-client), one per session of ours it
// writes: a prompt to the shown ACP session of the chosen agent goes to its running
// agent; one whose agent has ended (the window reloaded) starts the agent again and
// loads its session, or opens a new one with our summary of the log first
// (acp-resume-note.ts); any other prompt (a session of
// ours, or of another agent than the chosen one) starts a new session with the
// chosen agent, on a new log in the window's own folder, shown at once.
//
// The controller owns the logs (shown, disposed on switch); this owns the agent
// processes: an agent ends when its session stops being shown (closeOthers), and
// every agent ends, and is waited for, when the window closes or the extension
// deactivates (closeAll). The agent's permission requests go to the Agent view's
// approval cards (the same gate as our own tools'), answered with its own options;
// its file and terminal requests are served under our tools' policy from the settings;
// its request to leave its own plan mode proposes its plan to the same PlanReviewGate
// our plan first uses (Approve Plan / Reject Plan with Feedback…, acp-plan-mode.ts).
import type * as vscode from 'vscode';
import type { AcpAgentSession } from '../../core/acp-client/acp-agent-session';
import type { AcpClientToolsOptions } from '../../core/acp-client/acp-client-tools';
import type { CheckpointTaker } from '../../core/checkpoints/step-checkpoints';
import type { AcpAgentLaunch } from '../../core/acp-client/agent-catalog';
import type { PlanReviewGate } from '../../core/agent/plan-first';
import type { LiveDelta } from '../../core/session/live-delta';
import type { SessionStore, WritableSession } from '../../core/store/session-store';
import type { ApprovalGate } from '../../core/tools/approvals';
import type { OpenedSession } from '../session/opened-session';
import { isAcpSessionOf } from '../../core/session/source';

export interface AcpAgentSessionsOptions {
  store: SessionStore;
  log: vscode.LogOutputChannel;
  approvalGate: ApprovalGate;
  planReview: PlanReviewGate;
  clientVersion: string;
  /** The agent's text as it streams in (the Agent view's live stream). */
  onDelta(delta: LiveDelta): void;
}

export interface AcpPrompt {
  launch: AcpAgentLaunch;
  /** The workspace folder: the agent's cwd and its session's. */
  cwd: string;
  /**
   * The shown session when it is an ACP session this window writes, else null; it is continued when it is `launch`'s
   * agent's.
   */
  shown: OpenedSession | null;
  /** A new log's title (from the prompt). */
  title: string;
  /** agentChecklist.tools.autoApprove: the agent's allow option without asking. */
  autoApprove: boolean;
  /** Our tools' policy from the settings, for the agent's file and terminal requests (read when its agent starts). */
  tools: AcpClientToolsOptions;
  /**
   * Checkpoints of the workspace before the agent's changes (agentChecklist.checkpoints, read when its agent starts);
   * absent: none.
   */
  checkpoints?: CheckpointTaker;
  /** Shows a new log (the controller then owns it). */
  showWritten(opened: OpenedSession): void;
}

/** The log as an AcpAgentSession holds it: the controller's, so closing the agent leaves it open. */
function borrowed(opened: OpenedSession): WritableSession {
  return { session: opened.session, path: opened.path, repair: { cutBytes: 0, appended: 0 }, dispose: () => undefined };
}

export class AcpAgentSessions {
  /** Running agents by our session id, with the id of the agent entry each was started from. */
  private readonly live = new Map<string, { session: AcpAgentSession; agentId: string }>();
  /** Agents being ended (closeAll waits for them). */
  private readonly closing = new Set<Promise<void>>();

  constructor(private readonly options: AcpAgentSessionsOptions) {}

  /** An agent runs or is being ended. */
  get running(): boolean {
    return this.live.size > 0 || this.closing.size > 0;
  }

  /** The agent session a prompt goes to (started when it must be). */
  async forPrompt(prompt: AcpPrompt): Promise<AcpAgentSession> {
    const continued = prompt.shown && this.isAgentOf(prompt.shown, prompt.launch) ? prompt.shown : null;
    const running = continued ? this.live.get(continued.session.id)?.session : undefined;
    if (running && !running.ended) return running;
    if (running && continued) {
      // Its agent crashed or exited: it starts again, resumed, like after a reload.
      this.live.delete(continued.session.id);
      this.end(continued.session.id, running);
    }
    const { store, log, approvalGate, planReview, clientVersion, onDelta } = this.options;
    const { acpResume } = await import('../../core/acp-client/acp-resume-note');
    const resume = continued ? acpResume(await continued.session.loadEvents()) : null;
    const { AcpAgentSession } = await import('../../core/acp-client/acp-agent-session');
    const session = await AcpAgentSession.open({
      launch: prompt.launch,
      cwd: prompt.cwd,
      env: process.env,
      clientVersion,
      approvals: { gate: approvalGate, autoApprove: prompt.autoApprove },
      planReview,
      onDelta,
      tools: prompt.tools,
      ...(prompt.checkpoints ? { checkpoints: prompt.checkpoints } : {}),
      ...(resume === null ? {} : { resume }),
      openLog: (source) => {
        if (continued) return borrowed(continued);
        const created = store.create({ title: prompt.title, source, cwd: prompt.cwd });
        log.info(`new ${prompt.launch.title} (ACP) session ${created.session.id} (${created.path})`);
        prompt.showWritten({
          session: created.session,
          path: created.path,
          readOnly: false,
          dispose: () => created.dispose(),
        });
        return borrowed({ session: created.session, path: created.path, readOnly: false, dispose: () => undefined });
      },
    });
    const id = session.log.session.id;
    const pid = session.pid === undefined ? '' : ` (pid ${session.pid})`;
    const resumed =
      session.resumed === 'loaded'
        ? ', its ACP session loaded'
        : session.resumed === 'summary'
          ? ', resumed with a summary of the log'
          : '';
    log.info(`${prompt.launch.title} (ACP) started for session ${id}${pid}${resumed}`);
    this.live.set(id, { session, agentId: prompt.launch.id });
    return session;
  }

  /**
   * `shown` is agent `launch`'s session: its running agent was started from that entry, or (none runs) its log's header
   * names the same agent.
   */
  private isAgentOf(shown: OpenedSession, launch: AcpAgentLaunch): boolean {
    const live = this.live.get(shown.session.id);
    if (live) return live.agentId === launch.id;
    return isAcpSessionOf(shown.session.header.source, launch.title);
  }

  /** Ends every agent except the one of session `keep` (the shown session changed). */
  closeOthers(keep: string | undefined): void {
    for (const [id, { session }] of this.live) {
      if (id === keep) continue;
      this.live.delete(id);
      this.end(id, session);
    }
  }

  /** Ends every agent; resolves once their processes are gone. */
  async closeAll(): Promise<void> {
    this.closeOthers(undefined);
    await Promise.allSettled([...this.closing]);
  }

  private end(id: string, session: AcpAgentSession): void {
    const done = session.close().then(
      () => this.options.log.info(`ACP agent of session ${id} ended`),
      (error: unknown) =>
        this.options.log.error(
          `ending the ACP agent of session ${id} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    this.closing.add(done);
    void done.finally(() => this.closing.delete(done));
  }
}
