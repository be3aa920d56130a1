// Every string the Agent view shows, by key, with its English text: the one table
// of them. The host sends `localizeStrings(l10n.t)`, every key, in each snapshot's
// `strings` (`l10n.t(english)` is called WITHOUT arguments: the `{0}` placeholders
// are filled in by the webview, and VS Code leaves them alone when no arguments are
// given), and writes the localized `loading` line into the page's HTML.
//
// The English texts are the l10n bundle keys (`l10n/bundle.l10n.<lang>.json`).
// Zod-free and I/O-free. The webview bundle does NOT contain this table (it takes
// every string from the host; test/unit/webview/bundle-contents.test.ts): the
// webview imports only its types.

export const WEBVIEW_STRINGS = {
  loading: 'Loading…',
  // Header
  sessions: 'Sessions',
  untitledSession: 'Untitled session',
  newSession: 'New Session',
  model: 'Model: {0}',
  agent: 'Agent: {0}',
  demoLabel: 'Demo',
  // Banners
  demoModel: 'Demo model',
  demoBanner: 'a scripted session, not AI. Configure a real model in {0}.',
  openSettings: 'Open Settings',
  useLanguageModel: 'Use {0}',
  dismiss: 'Dismiss',
  readOnlyBanner: 'Another window is writing this session; it is shown read-only here.',
  readOnlyExternalBanner: 'This session belongs to {0}; it is shown read-only here.',
  openAgentFile: 'Open the agent\u2019s file',
  openingBanner: 'Opening this large session: its latest page and plan are shown while the rest of its log is read.',
  // Transcript
  transcript: 'Transcript',
  taskDone: 'Done',
  taskNotDone: 'Not done',
  emptyTranscript:
    'Ask the agent to do something. It plans its work as a checklist ' +
    'you can follow here, in the Plan view and in the status bar.',
  /** The empty transcript of another program's session (an MCP client, the Chat tool): it logs only its plan. */
  emptyTranscriptExternal:
    '{0} keeps only its plan in this session: there is no conversation ' +
    'to show. The plan is below, in the Plan view and in the status bar.',
  showEarlier: 'Show earlier messages',
  reasoning: 'Reasoning',
  /** Above an answer whose Markdown took longer than its deadline to parse (core/markdown/markdown-parser.ts). */
  answerShownPlain: 'Shown as plain text: formatting this answer took too long.',
  working: 'Working…',
  toolCall: 'tool call',
  toolInput: 'Input',
  toolResult: 'Result',
  toolPending: 'waiting',
  toolRunning: 'running',
  toolOk: 'done',
  toolError: 'failed',
  approvedByYou: 'approved by you',
  approvedAlwaysByYou: 'approved by you for this session',
  approvedByRule: 'allowed by an earlier "always allow"',
  approvedAuto: 'auto-approved',
  deniedByYou: 'denied by you',
  refusedNoOne: 'not run: no one could be asked',
  stoppedBeforeApproval: 'stopped before it was approved',
  turnAborted: 'Stopped.',
  turnError: 'The model request failed',
  turnMaxSteps: 'Stopped at the step limit',
  turnInterrupted: 'Interrupted',
  turnAwaitingApproval: 'The plan waits for your decision',
  // Long tasks
  compactionDivider: 'Earlier conversation summarized',
  continueTurn: 'Continue',
  contextUse: 'context {0}',
  rulesFile: 'rules: {0}',
  // Per-call rows
  todoRow: '{0}/{1} done',
  todoRejected: 'rejected',
  moreInProgress: '{0} more in progress',
  bashExit: 'exit code {0}',
  bashKilled: 'killed',
  bashTimedOut: 'timed out',
  bashStopped: 'stopped',
  bashRefused: 'not run',
  noOutput: '(no output)',
  diff: 'Changes',
  diffOmitted: '{0} more lines not shown',
  // Subagents
  subagentRunning: 'running',
  subagentOutcome: 'ended: {0}',
  openChild: 'Open transcript',
  childTitle: 'Subagent: {0}',
  back: 'Back',
  // Approvals
  approvalNeeded: 'Allow {0}?',
  approve: 'Approve',
  deny: 'Deny',
  alwaysAllow: 'Always allow {0} in this session',
  alwaysAllowAgent: 'The agent\'s own "{0}" (the agent decides what it covers)',
  // Plan strip
  plan: 'Plan',
  countCompleted: '{0} completed',
  countInProgress: '{0} in progress',
  countPending: '{0} pending',
  statusCompleted: 'completed',
  statusInProgress: 'in progress',
  statusPending: 'pending',
  priorityHigh: 'high priority',
  priorityLow: 'low priority',
  announceCompleted: 'Completed: {0}',
  exportPlan: 'Export Plan',
  focusPlan: 'Show in Plan View',
  // Plan strip: an item's evidence and flag (core/protocol/item-evidence-view.ts)
  flagNoWork: 'no work recorded',
  flagLastFailed: 'last command failed',
  flagLastFailedExit: 'last command failed: exit {0}',
  evidenceOf: 'Evidence for {0}',
  evidenceNone: 'No tool call while in progress',
  evidenceCounts: 'Tool calls while in progress: {0} reads, {1} writes, {2} commands, {3} other',
  evidenceShared: '{0} of them shared with other items in progress',
  evidenceFailed: 'Failed commands: {0}',
  evidenceLatest: 'Latest calls: {0}',
  evidenceFiles: 'Files changed ({0}): {1}',
  evidenceNoFiles: 'No file changed',
  callExit: '{0} (exit {1})',
  callFailed: '{0} (failed)',
  // Plan strip: user edits (writable sessions only)
  itemActions: 'Actions for {0}',
  markCompleted: 'Mark Completed',
  markInProgress: 'Mark In Progress',
  markPending: 'Mark Pending',
  editText: 'Edit Text…',
  addItem: 'Add Item…',
  removeItem: 'Remove',
  moveUp: 'Move Up',
  moveDown: 'Move Down',
  startItem: 'Start This Item',
  continuePlan: 'Continue Plan in New Session…',
  runAll: 'Run All Items',
  runParallel: 'Run Items in Parallel…',
  // Items' checks (issue 52): the row menu's actions, the row's state, the summary
  setCheck: 'Set Check…',
  removeCheck: 'Remove Check',
  runCheck: 'Run Check',
  checkVerified: 'verified',
  checkFailedExit: 'check failed: exit {0}',
  checkFailedCancelled: 'check failed (timed out or cancelled)',
  checkStale: 'changed since checked',
  checkRunning: 'running',
  checkWaiting: 'waiting for acceptance',
  checkOf: 'Check: {0}',
  verifiedSummary: '{0} · {1} verified',
  editTextOf: 'New text for {0}',
  newItem: 'New item',
  planKeys:
    'Space: completed or pending. Alt+Up/Down: move. F2: edit text. ' +
    'Insert: add an item. Delete: remove. Shift+F10: all actions.',
  // Plan review: comments on items, Send Comments, the changes since the user's last look
  commentItem: 'Comment on Item…',
  commentOn: 'Comment on {0}',
  commentsOf: 'Comments on {0}',
  commentState: '{0} ({1})',
  commentUnresolved: 'unresolved',
  commentAddressed: 'addressed',
  commentStale: 'stale',
  commentResolved: 'resolved',
  resolveComment: 'Resolve',
  resolveCommentOf: 'Resolve comment: {0}',
  sendComments: 'Send Comments',
  changesSinceSeen: 'Changes since you last looked ({0})',
  changesSinceApproved: 'Changes since the approved plan ({0})',
  changesSincePrevious: 'Changes since the version before ({0})',
  diffAdded: 'Added: {0}',
  diffRemoved: 'Removed: {0}',
  diffReworded: 'Reworded: {0} → {1}',
  diffMoved: 'Moved: {0}',
  diffStatus: '{0}: {1} → {2}',
  // Plan first: a proposed plan in the strip, the composer's toggle
  planProposed: 'Proposed plan',
  planProposedWaiting: 'The agent waits for your decision on this plan before it changes anything.',
  planProposedLater: 'This plan was proposed and not yet decided: your next prompt goes on from it.',
  planGrewSinceApproval: 'The agent changed the plan since you approved it. What changed:',
  editPlan: 'Edit',
  rejectWithFeedback: 'Reject with Feedback\u2026',
  planFeedback: 'What should the plan change?',
  sendFeedback: 'Send Feedback',
  cancel: 'Cancel',
  planFirst: 'Plan first',
  planFirstHint: 'The agent investigates, proposes a plan and waits for your approval before it changes anything.',
  // Plan history
  planHistory: 'Plan History',
  historyEmpty: 'No plan versions yet.',
  historyVersion: 'Version {0}',
  byModel: 'by the model',
  byUser: 'by you',
  byPlanFile: 'by you, in the plan file',
  byHandOver: 'handed over from session {0}',
  noChanges: 'no changes',
  changeAdded: 'added',
  changeRemoved: 'removed',
  changeDropped: 'dropped',
  changeStatus: 'status changed',
  changeText: 'text edited',
  changeFromTo: '{0} → {1}',
  driftAdded: 'Not in the approved plan: {0} (added)',
  driftReworded: 'Not in the approved plan: {0} (approved as {1})',
  driftDropped: 'Not in the approved plan any more: {0} (dropped)',
  // Composer
  prompt: 'Prompt',
  promptPlaceholder: 'Ask the agent (Enter sends, Shift+Enter for a new line)',
  promptRunning: 'The agent is working…',
  send: 'Send',
  stop: 'Stop',
  stopping: 'Stopping…',
} as const;

export type WebviewStringKey = keyof typeof WEBVIEW_STRINGS;

/** The strings the page shows, every key (the host's translations of the English texts). */
export type WebviewStrings = Record<WebviewStringKey, string>;

export const WEBVIEW_STRING_KEYS = Object.keys(WEBVIEW_STRINGS) as WebviewStringKey[];

/** Every string through `translate` (the host passes `vscode.l10n.t`; an empty translation keeps the English). */
export function localizeStrings(translate: (english: string) => string): WebviewStrings {
  const out: WebviewStrings = { ...WEBVIEW_STRINGS };
  for (const key of WEBVIEW_STRING_KEYS) out[key] = translate(WEBVIEW_STRINGS[key]) || WEBVIEW_STRINGS[key];
  return out;
}
