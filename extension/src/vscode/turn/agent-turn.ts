// Our agent's turn in the window: its provider and context (rules file, window,
// system prompt) prepared from the settings, its tools, the session it writes (a new
// one of ours when the shown one is not ours to continue), and the core loop run on
// it with plan first, checkpoints and verify completion as the settings say; an ACP
// agent's workspace tools and checkpoints; Compact Conversation. A lazy module
// (dist/agent-turn.js, LAZY_MODULES in scripts/lazy-bundles.mjs): the turn runner
// imports it at the first prompt or compaction, so activation does not load the loop
// and the tools' implementations.
import * as vscode from 'vscode';
import { compactContext, hasSomethingToCompact } from '../../core/agent/compaction';
import { runTurn } from '../../core/agent/loop';
import { inReview } from '../../core/agent/plan-first';
import type { TurnChecks } from '../../core/agent/turn-options';
import type { ModelProvider } from '../../core/agent/provider';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';
import type { CheckpointTaker } from '../../core/checkpoints/step-checkpoints';
import type { LiveDelta } from '../../core/session/live-delta';
import type { StandingPlan } from '../../core/plan/todos-projection';
import type { Session } from '../../core/session/session';
import type { ProviderSource } from '../providers/provider-source';
import type { ChildSessions } from '../session/child-sessions';
import type { OpenedSession } from '../session/opened-session';
import { writableSession } from '../session/writable-session';
import type { AgentSettings } from '../host/settings';
import type { LiveStream } from './live-stream';
import { prepareTurnContext, type ToldModel } from './turn-context';
import type { TurnBody, TurnHost, TurnRunnerOptions } from './turn-host';
import { TurnRefusedError } from '../session/turn-refused';
import { buildTurnTools, workspaceToolPolicy } from './turn-tools';

export interface PreparedTurn {
  settings: AgentSettings;
  provider: ModelProvider;
  turnContext: Awaited<ReturnType<typeof prepareTurnContext>>;
}

export interface AgentTurnDeps {
  options: TurnRunnerOptions;
  host: TurnHost;
  children: ChildSessions;
  liveStream: LiveStream;
}

/** The provider the settings select, and what the turn tells the model. */
export async function prepareAgentTurn(settings: AgentSettings, options: TurnRunnerOptions): Promise<PreparedTurn> {
  const provider = await options.providers.create(settings);
  const turnContext = await prepareTurnContext(settings, provider, options.workspaceFolder);
  return { settings, provider, turnContext };
}

/** The session `text` is written to, what the model is told, and the turn's body. */
export function agentTurn(
  { options, host, children, liveStream }: AgentTurnDeps,
  { settings, provider, turnContext }: PreparedTurn,
  text: string,
  seed?: (session: Session) => void,
): { session: Session; told: ToldModel; body: TurnBody } {
  const { workspaceFolder, store, log } = options;
  const tools = buildTurnTools({
    settings,
    workspaceFolder,
    approvals: host.approvals(),
    approvalLog: host.approvalLog(),
    provider,
    store,
    observer: children.observer,
    log,
    turnContext,
  });
  const told = {
    rules: turnContext.rules,
    window: turnContext.context.window,
    request: { system: turnContext.system, tools: tools.registry.specs() },
  };
  let session: Session;
  try {
    const current = host.opened();
    const target = { store, workspaceFolder, log, current, currentIsOwn: host.showingOwnSession() };
    session = writableSession({ ...target, show: (opened) => host.showWritten(opened) }, text);
    if (session !== current?.session) seed?.(session);
  } catch (error) {
    tools.owned.dispose();
    throw error;
  }
  const { system, context } = turnContext;
  const turn: TurnBody['turn'] = async (signal, editor) => {
    await session.loadEvents(signal); // a large log opened with its events on disk: read back without holding the host
    const onDelta = (d: LiveDelta): void => liveStream.apply(session.id, d);
    const atStepBoundary = (): void => editor?.flush();
    // Plan first by the setting, or because the session is in the middle of a review.
    const planFirst =
      settings.planFirst || inReview(host.planState(), session.events) ? { planFirst: options.planReview } : {};
    const checkpoints = checkpointTaker(settings, options);
    return runTurn(session, text, {
      provider,
      tools: tools.registry,
      maxSteps: settings.maxSteps,
      signal,
      onDelta,
      system,
      context,
      atStepBoundary,
      verifyCompletion: settings.verifyCompletion,
      reapproveOnScopeChange: settings.reapproveOnScopeChange,
      ...planFirst,
      ...(checkpoints ? { checkpoints } : {}),
      ...turnChecks(host.checks(session), signal),
    });
  };
  return { session, told, body: { turn, ended: () => tools.owned.dispose() } };
}

/** The items' checks the turn waits on before each request; a Stop cancels a running one too. */
function turnChecks(checks: TurnChecks | null, signal: AbortSignal): { checks?: TurnChecks } {
  if (checks === null) return {};
  signal.addEventListener('abort', () => checks.cancel(), { once: true });
  return { checks };
}

/** The shadow repository of the workspace folder (a local one), unless agentChecklist.checkpoints is off. */
export function checkpointTaker(settings: AgentSettings, options: TurnRunnerOptions): CheckpointTaker | null {
  const folder = options.workspaceFolder;
  if (!settings.checkpoints || folder?.scheme !== 'file') return null;
  const repo = ShadowRepo.of(options.checkpointsBase, folder.fsPath);
  return { checkpoint: () => repo.checkpoint(), onError: (message) => options.log.warn(message) };
}

/**
 * What an ACP agent's turn gets from our side: the workspace tools' policy, and the checkpoints unless they are off.
 */
export function acpTurnSupport(settings: AgentSettings, options: TurnRunnerOptions) {
  const checkpoints = checkpointTaker(settings, options);
  return { tools: workspaceToolPolicy(settings, options.log), ...(checkpoints ? { checkpoints } : {}) };
}

/**
 * Compact Conversation: summarizes the shown session's history now (between turns). False when there was nothing to
 * summarize.
 */
export async function compactOnDemand(
  opened: OpenedSession | null,
  deps: {
    settings: AgentSettings;
    providers: ProviderSource;
    folder: vscode.Uri | undefined;
    plan: StandingPlan;
    signal: AbortSignal;
  },
): Promise<boolean> {
  if (!opened || !hasSomethingToCompact(opened.session)) return false;
  if (opened.readOnly)
    throw new TurnRefusedError(
      vscode.l10n.t('This session is open for writing in another window; use "New Session" to start one here.'),
    );
  const provider = await deps.providers.create(deps.settings);
  const { context } = await prepareTurnContext(deps.settings, provider, deps.folder);
  await compactContext(opened.session, { provider, window: context.window, plan: deps.plan, signal: deps.signal });
  return true;
}
