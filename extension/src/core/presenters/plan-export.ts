// The plan and its history as a document: what `export` prints and what the extension's
// "Export Plan" opens. Every version is listed, the model's writes and the user's edits,
// each with what changed; then the standing plan's per-item timing and the items the
// model dropped; each standing item's evidence and flag (plan-flags.ts: the tool calls
// made while it was in progress, a completion that needs a second look; with a repository
// to read, the files it changed: core/checkpoints/item-files.ts); plan first: the
// approved version next to the final one, with what of the final one is not in it
// (plan-drift.ts); then every approval decision (who let which call run).
import { checksSection, exportedChecks } from './plan-export-checks';
import type { ExportSide, PlanExport } from './plan-export-doc';
import { ChecksWithSide } from '../plan/side-checks';
import { ReviewWithSide } from '../plan/side-review';
import { withEvidenceFiles } from '../checkpoints/item-files';
import type { ShadowRepo } from '../checkpoints/shadow-repo';
import { approvalWordsKey } from '../protocol/approval-words';
import type * as StringsModule from '../protocol/strings';
import { lazyModule, type LazyRequire } from '../lazy-module';
import type { SessionEvent } from '../session/events';
import type { SessionHeader } from '../session/header';
import { recordsToolCalls } from '../session/source';
import { oneLine } from '../plan/one-line';
import { authorText, changeText, formatDuration } from '../plan/history-format';
import { timingRows } from '../plan/timing-rows';
import { driftEntries, type DriftEntry } from '../plan/plan-drift';
import { PlanHistoryFolder } from '../plan/plan-history';
import { planLedgerProjection } from '../plan/plan-ledger';
import { planAsMarkdown } from '../plan/plan-markdown';
import { stripHeader } from '../plan/summaries';
import { flagText, planWithEvidence } from '../plan/plan-flags';
import { standingTodos } from '../plan/todos-projection';
import { commentsSection, exportedComments } from './plan-export-comments';
declare const require: LazyRequire<{ '../protocol/strings': typeof StringsModule }>; // a lazy module
const strings = lazyModule(() => require('../protocol/strings'));

/**
 * The export's fold: a streaming reader gives it each event and drops it (it keeps the
 * plan versions, the approvals and the ledger, never the events).
 */
export class PlanExportFolder {
  private readonly history: PlanExport['history'] = [];
  private readonly approvals: PlanExport['approvals'] = [];
  private readonly folder = new PlanHistoryFolder();
  private ledger = planLedgerProjection.init;
  private readonly checks: ChecksWithSide;
  private readonly review: ReviewWithSide;
  private turn = 0;

  /** `side`: a followed session's side logs (comments, checks), each event merged in where it belongs. */
  constructor(side: ExportSide = { comments: [], checks: [] }) {
    this.checks = new ChecksWithSide(side.checks);
    this.review = new ReviewWithSide(side.comments);
  }

  apply(event: SessionEvent): void {
    if (event.type === 'turn/start') this.turn = event.data.turn;
    if (event.type === 'tool/approval') {
      const { tool, callId, decision, by } = event.data;
      this.approvals.push({ seq: event.seq, ts: event.ts, turn: event.data.turn, tool, callId, decision, by });
    }
    this.ledger = planLedgerProjection.apply(this.ledger, event);
    this.checks.apply(event);
    this.review.apply(event);
    const version = this.folder.apply(event);
    if (version)
      this.history.push({
        seq: version.seq,
        ts: version.ts,
        turn: this.turn,
        by: version.by,
        todos: version.todos,
        changes: version.changes,
        ...(version.origin ? { origin: version.origin } : {}),
      });
  }

  /** The document; time in progress counted to `now`. */
  doc(header: SessionHeader, now: Date): PlanExport {
    const { ledger } = this;
    const standingPlan = standingTodos(ledger.plan);
    const doc: PlanExport = {
      sessionId: header.id,
      standingPlan,
      history: this.history,
      timing: standingPlan ? timingRows(standingPlan, ledger.timings, now) : [],
      evidence: recordsToolCalls(header.source) ? (planWithEvidence(ledger, true, now) ?? []) : [],
      checks: exportedChecks(this.checks.state),
      dropped: ledger.dropped.map((d) => ({ content: d.content, status: d.status })),
      approvedPlan: ledger.drift && {
        seq: ledger.drift.approved.seq,
        ts: ledger.drift.approved.ts,
        todos: ledger.drift.approved.todos,
      },
      drift: standingPlan ? driftEntries(standingPlan, ledger.drift) : [],
      comments: exportedComments(this.review.review),
      approvals: this.approvals,
    };
    if (header.title !== undefined) doc.title = header.title;
    return doc;
  }

  /** The document with each item's changed files read from `repo` (its workspace's checkpoints; null: none to read). */
  async docWithFiles(header: SessionHeader, now: Date, repo: ShadowRepo | null): Promise<PlanExport> {
    const doc = this.doc(header, now);
    return { ...doc, evidence: await withEvidenceFiles(doc.evidence, repo, this.ledger.changes) };
  }
}

export function exportPlan(
  header: SessionHeader,
  events: readonly SessionEvent[],
  now: Date = new Date(),
  repo: ShadowRepo | null = null,
  side?: ExportSide,
): Promise<PlanExport> {
  const folder = new PlanExportFolder(side);
  for (const event of events) folder.apply(event);
  return folder.docWithFiles(header, now, repo);
}

export function exportPlanMarkdown(doc: PlanExport): string {
  const lines = [
    `# Plan — ${oneLine(doc.title ?? `session ${doc.sessionId}`)}`,
    '',
    ...standingSection(doc),
    ...approvedSection(doc),
    ...commentsSection(doc.comments),
    ...timingSection(doc),
    ...evidenceSection(doc),
    ...checksSection(doc.checks, cell),
    ...droppedSection(doc),
    ...historySection(doc),
    ...approvalsSection(doc),
  ];
  return lines.join('\n').trimEnd() + '\n';
}

function standingSection(doc: PlanExport): string[] {
  if (doc.standingPlan === null) return ['## Standing plan', '', '_No standing plan._'];
  const header = doc.standingPlan.length ? [stripHeader(doc.standingPlan), ''] : [];
  return ['## Standing plan', '', ...header, planAsMarkdown(doc.standingPlan)];
}

function approvedSection(doc: PlanExport): string[] {
  if (doc.approvedPlan === null) return [];
  const lines = ['', `## Approved plan (${doc.approvedPlan.ts})`, '', planAsMarkdown(doc.approvedPlan.todos)];
  if (doc.drift.length) lines.push('', '_Not in the approved plan:_', '', ...doc.drift.map((d) => `- ${driftText(d)}`));
  return lines;
}

function timingSection(doc: PlanExport): string[] {
  if (!doc.timing.some((t) => t.startedAt !== null || t.finishedAt !== null)) return [];
  const rows = doc.timing.map((t) => {
    const added = t.addedAt ? `${t.addedAt} by the ${t.addedBy ?? 'model'}` : '—';
    return (
      `| ${cell(t.content)} | ${added} | ${t.startedAt ?? '—'} | ` +
      `${t.finishedAt ?? '—'} | ${t.startedAt ? formatDuration(t.inProgressMs) : '—'} |`
    );
  });
  return ['', '## Timing', '', '| Item | Added | Started | Finished | In progress |', '|---|---|---|---|---|', ...rows];
}

function evidenceSection(doc: PlanExport): string[] {
  if (!doc.evidence.length) return [];
  const rows = doc.evidence.flatMap(({ content, flag, evidence: e }) => {
    if (e === null) return [];
    const t = e.tools;
    const files =
      e.files === undefined || e.files === null
        ? '—'
        : e.files.length === 0
          ? 'none'
          : cell(e.files.map((f) => f.path).join(', '));
    return [
      `| ${cell(content)} | ${t.read} | ${t.write} | ${t.command} | ${t.other} | ${t.shared} ` +
        `| ${e.failedCommands} | ${files} | ${flag === null ? '—' : `⚠ ${flagText(flag)}`} |`,
    ];
  });
  return [
    '',
    '## Evidence',
    '',
    '| Item | Reads | Writes | Commands | Other | Shared | Failed commands | Files changed | Flag |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
}

function droppedSection(doc: PlanExport): string[] {
  if (!doc.dropped.length) return [];
  const rows = doc.dropped.map((d) => `- ${oneLine(d.content)} _(${d.status.replace('_', ' ')})_`);
  return ['', '## Dropped', '', '_Unfinished items a model write left out._', '', ...rows];
}

function historySection(doc: PlanExport): string[] {
  const lines = ['', '## History', ''];
  if (!doc.history.length) lines.push('_The model wrote no plan in this session._');
  doc.history.forEach((entry, i) => {
    const who = entry.by === 'user' ? ` · edited by ${authorText(entry)}` : '';
    lines.push(`### Turn ${entry.turn} · update ${i + 1} · ${entry.ts}${who}`, '');
    if (entry.changes.length) lines.push(...entry.changes.map((c) => `- ${changeText(c)}`), '');
    lines.push(planAsMarkdown(entry.todos), '');
  });
  return lines;
}

function approvalsSection(doc: PlanExport): string[] {
  if (!doc.approvals.length) return [];
  const words = strings().WEBVIEW_STRINGS;
  const rows = doc.approvals.map(
    (a) => `| ${a.ts} | ${a.turn} | ${cell(a.tool)} \`${cell(a.callId)}\` | ${words[approvalWordsKey(a)]} |`,
  );
  return ['## Approvals', '', '| Time | Turn | Call | Decision |', '|---|---|---|---|', ...rows];
}

function driftText(d: DriftEntry): string {
  if (d.kind === 'reworded') return `${oneLine(d.content)} _(approved as "${oneLine(d.approved)}")_`;
  return `${oneLine(d.content)} _(${d.kind})_`;
}

function cell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}
