// What a page of the Agent view is told when it says `ready`, and again whenever the
// shown session changes: the whole state in one `snapshot` (the transcript's tail page,
// the plan, run, provider, stream, strings, session list, approvals and the open
// subagent panel), then the context line. Also the provider as the header and banners
// show it, with the demo banner's dismissal remembered in the extension's global state.
import * as vscode from 'vscode';
import type { PendingPlanReview } from '../../core/agent/plan-first';
import type { HostMessageBody, OpenPanel, PlanView, ProviderView } from '../../core/protocol/messages';
import { planView, standingPlanView } from '../../core/plan/plan-presenter';
import { reviewedPlanView } from '../../core/presenters/plan-review-rows';
import type * as StringsModule from '../../core/protocol/strings';
import type { WebviewStrings } from '../../core/protocol/strings';
import { lazyModule, type LazyRequire } from '../../core/lazy-module';
import type { TranscriptItem } from '../../core/protocol/transcript';
import type { ProviderSource } from '../providers/provider-source';
import type { SessionController } from '../controller/session-controller';
import type { AgentSettings } from '../host/settings';
import type { WebviewApprovalGate } from '../session/webview-approval-gate';

declare const require: LazyRequire<{ '../../core/protocol/strings': typeof StringsModule }>;
/** The webview's strings (6 KB), loaded at a page's first snapshot, not at activation. */
const stringsModule = lazyModule(() => require('../../core/protocol/strings'));

/** The global-state key that remembers the dismissed demo banner. */
const DEMO_BANNER_DISMISSED = 'agentChecklist.demoBannerDismissed';

/** Where a snapshot's parts come from (the Agent view's options). */
export interface SnapshotSources {
  controller: SessionController;
  providers: ProviderSource;
  settings: () => AgentSettings;
  approvals: WebviewApprovalGate;
  log: vscode.LogOutputChannel;
  memento: vscode.Memento;
  /** Plan first: the proposal this window's turn waits on (the strip's buttons answer it). */
  planReview: PendingPlanReview;
  /** The name of a model VS Code offers (vscode.lm); undefined when none. */
  languageModel: () => string | undefined;
}

/** Every webview string in the UI language (vscode.l10n), English where no translation exists. */
function webviewStrings(): WebviewStrings {
  return stringsModule().localizeStrings((english) => vscode.l10n.t(english));
}

/**
 * The provider as the header, the banners and the composer's Plan first toggle show it (the demo banner remembered as
 * dismissed).
 */
export function providerView({ providers, settings, memento, languageModel }: SnapshotSources): ProviderView {
  const current = settings();
  const described = providers.describe(current);
  const offered = described.isDemo ? languageModel() : undefined;
  const withOffer = offered === undefined ? described : { ...described, languageModel: offered };
  // Plan first is our agent's: no toggle while an ACP agent runs new sessions.
  const view = withOffer.agent === undefined ? { ...withOffer, planFirst: current.planFirst } : withOffer;
  return memento.get<boolean>(DEMO_BANNER_DISMISSED) === true ? { ...view, demoBannerDismissed: true } : view;
}

/**
 * The strip's plan: the standing plan, marked proposed while its review is (`waiting` when this window's turn waits on
 * the shown session's proposal), with its items' comments and the changes since the user's last look.
 */
export function stripPlanView({ controller, planReview }: SnapshotSources): PlanView | null {
  if (controller.sessionView?.opening) return planView(controller.standingPlan); // a preview: no ledger yet
  const waiting = planReview.waiting;
  const ours = waiting !== null && waiting.sessionId === controller.session?.id ? waiting : null;
  const view = standingPlanView(
    controller.planLedger,
    controller.recordsToolCalls,
    new Date(),
    ours !== null,
    (content) => controller.evidenceFiles(content),
  );
  // A re-approval's diff since the approval is the log's (reviewedPlanView), in every window alike.
  return view && controller.checks.checkedView(reviewedPlanView(view, controller.planLedger));
}

/** Remembers that the user dismissed the demo banner (for every window, across restarts). */
export async function dismissDemoBanner(memento: vscode.Memento): Promise<void> {
  await memento.update(DEMO_BANNER_DISMISSED, true);
}

/**
 * The messages that bring a page up to date, in order: the snapshot (with `panel`,
 * what the open subagent panel shows), then the context line. A transcript that
 * cannot be read is logged and sent empty: the page still shows the rest.
 */
export function snapshotMessages(sources: SnapshotSources, panel: OpenPanel | null): HostMessageBody[] {
  const { controller, approvals, log } = sources;
  let tail: { items: TranscriptItem[]; cursor: number | null } = { items: [], cursor: null };
  try {
    tail = controller.page();
  } catch (error) {
    log.error(`could not read the transcript: ${error instanceof Error ? error.message : String(error)}`);
  }
  return [
    {
      type: 'snapshot',
      session: controller.sessionView,
      items: tail.items,
      cursor: tail.cursor,
      plan: stripPlanView(sources),
      run: controller.turns.runView,
      provider: providerView(sources),
      stream: controller.turns.stream,
      strings: webviewStrings(),
      sessions: controller.sessionList(),
      approvals: approvals.pending,
      panel,
    },
    { type: 'context', context: controller.turns.contextView },
  ];
}
