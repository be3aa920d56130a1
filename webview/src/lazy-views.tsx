/** @jsxRuntime automatic @jsxImportSource preact */
// The parts of the page that only some users open, each a chunk of its own
// (scripts/webview-build.mjs: WEBVIEW_CHUNKS) loaded from beside main.js when first
// needed: the Plan History view and a subagent's transcript (when the user opens
// them), what a tool call did (when its row is first opened), a tool call's approval
// card (when a call asks), the plan row's text
// box and menu (when the strip is expanded in a session this window writes), plan
// first's decision buttons and composer toggle (our agent's option, not every user's),
// an item's evidence and check state (with the first row that has any), plan review's comments and
// changes (with the first plan that has any), and the painter of answers'
// Markdown trees (components/markdown.tsx; with the first answer), and why a followed
// agent's session has no plan (components/plan-notice.tsx; only such a session).
import type { ComponentType, VNode } from 'preact';
import type { MdBlock } from '@core/protocol/markdown-schema';
import type { ApprovalView, PanelKind, PanelView } from '@core/protocol/messages';
import { lazy, lazyPart } from './lazy';
import { useStrings } from './i18n';

const editChunk = () => import('./components/plan-row-edit');
const planFirstChunk = () => import('./components/plan-review');
const reviewRowsChunk = () => import('./components/plan-review-rows');

/** In place of a view while its chunk loads (the transcript's room, busy). */
function ViewLoading() {
  return (
    <div class="transcript working" aria-busy="true">
      {useStrings().loading}
    </div>
  );
}

export const ApprovalCard = lazyPart(() => import('./components/approval-card'), 'ApprovalCard');
export const ToolBody = lazyPart(() => import('./components/tool-body'), 'ToolBody');
export const PlanHistory = lazyPart(() => import('./components/plan-history'), 'PlanHistory', ViewLoading);
const ChildPanel = lazyPart(() => import('./components/child-panel'), 'ChildPanel', ViewLoading);
export const TextInput = lazyPart(editChunk, 'TextInput');
export const RowMenu = lazyPart(editChunk, 'RowMenu');
export const AddItemRow = lazyPart(editChunk, 'AddItemRow');
export const Commenting = lazyPart(editChunk, 'Commenting');
export const PlanReview = lazyPart(planFirstChunk, 'PlanReview');
export const PlanFirstToggle = lazyPart(planFirstChunk, 'PlanFirstToggle');
export const ItemComments = lazyPart(reviewRowsChunk, 'ItemComments');
export const PlanChanges = lazyPart(reviewRowsChunk, 'PlanChanges');
export const StripReview = lazyPart(reviewRowsChunk, 'StripReview');
/** An answer's Markdown tree; `plain`, the answer as text, shows while the chunk loads. */
export const MarkdownTree = lazy<{ blocks: readonly MdBlock[]; class: string; plain: VNode }>(
  () => import('./components/markdown').then((m) => m.Markdown),
  ({ plain }) => plain,
);
export const PlanNotice = lazyPart(() => import('./components/plan-notice'), 'PlanNotice');
const evidenceChunk = () => import('./components/plan-evidence');
export const RowEvidence = lazyPart(evidenceChunk, 'RowEvidence');
export const RowCheck = lazyPart(evidenceChunk, 'RowCheck');

interface PanelProps<K extends PanelKind> {
  view: PanelView<K>;
  approvals: readonly ApprovalView[];
}

/**
 * Each panel's component, by kind (core/protocol/page-views.ts openPanelSchema): a kind without one does not compile.
 */
const PANELS: { [K in PanelKind]: ComponentType<PanelProps<K>> } = {
  child: ChildPanel,
};

/** The panel the host opened, over the transcript. */
export function Panel<K extends PanelKind>({
  panel,
  approvals,
}: {
  panel: { kind: K; view: PanelView<K> };
  approvals: readonly ApprovalView[];
}) {
  const Shown: ComponentType<PanelProps<K>> = PANELS[panel.kind];
  return <Shown view={panel.view} approvals={approvals} />;
}
