// The plan history as text and Markdown (CLI `history`, Export Plan): every version
// with its time, author and changes, then the standing plan's per-item timing.
import { oneLine } from './one-line';
import type { PlanChange } from './plan-changes';
import type { ItemComment } from './plan-comments';
import type { PlanVersion } from './plan-history';
import { planAsMarkdown } from './plan-markdown';
import { planAsText } from './summaries';
import type { TimingRow } from './timing-rows';

const AUTHOR = { model: 'the model', user: 'the user' } as const;

/**
 * Who wrote a version and through what: `the model`, `the user`, `the
 * user (the plan file)`, `the user (handed over from session <id>)`.
 */
export function authorText(version: Pick<PlanVersion, 'by' | 'origin'>): string {
  const origin = version.origin;
  if (origin === undefined) return AUTHOR[version.by];
  return origin.kind === 'plan-file'
    ? `${AUTHOR.user} (the plan file)`
    : `${AUTHOR.user} (handed over from session ${oneLine(origin.session)})`;
}

/** `added: a`, `status: b pending -> completed`, `text: "b" -> "bee"`; contents made safe for one line (oneLine). */
export function changeText(change: PlanChange): string {
  switch (change.kind) {
    case 'status':
      return `status: ${oneLine(change.content)} ${change.from} -> ${change.to}`;
    case 'text':
      return `text: "${oneLine(change.from ?? '')}" -> "${oneLine(change.to ?? '')}"`;
    default:
      return `${change.kind}: ${oneLine(change.content)}`;
  }
}

/** `1h 02m 03s`, `4m 05s`, `6s`. */
export function formatDuration(ms: number): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number): string => String(n).padStart(2, '0');
  return h ? `${h}h ${pad(m)}m ${pad(s)}s` : m ? `${m}m ${pad(s)}s` : `${s}s`;
}

function timingLine(row: TimingRow): string {
  const parts = [row.startedAt ? `started ${row.startedAt}` : row.finishedAt ? 'never in progress' : 'not started'];
  if (row.finishedAt) parts.push(`finished ${row.finishedAt}`);
  if (row.startedAt) parts.push(`${formatDuration(row.inProgressMs)} in progress`);
  return `${oneLine(row.content)}: ${parts.join(', ')}`;
}

/** `comments`: per version, per item, its comments as of that version (history-comments.ts), listed after its plan. */
export function historyAsText(
  versions: readonly PlanVersion[],
  timing: readonly TimingRow[],
  comments: readonly (readonly (readonly ItemComment[])[])[] = [],
): string {
  if (versions.length === 0) return '(no plan versions)';
  const lines: string[] = [];
  versions.forEach((v, i) => {
    lines.push(`version ${i + 1} · seq ${v.seq} · ${v.ts} · by ${authorText(v)}`);
    for (const c of v.changes) lines.push(`  ${changeText(c)}`);
    for (const line of planAsText(v.todos).split('\n')) lines.push(`    ${line}`);
    (comments[i] ?? []).forEach((onItem, n) => {
      const item = oneLine(v.todos[n]?.content ?? '');
      for (const c of onItem) lines.push(`    comment on "${item}" (${c.state}): ${oneLine(c.text)}`);
    });
  });
  if (timing.length) lines.push('timing (standing plan):', ...timing.map((row) => `  ${timingLine(row)}`));
  return lines.join('\n');
}

export function historyAsMarkdown(versions: readonly PlanVersion[], timing: readonly TimingRow[]): string {
  if (versions.length === 0) return '_No plan versions._';
  const lines: string[] = [];
  versions.forEach((v, i) => {
    lines.push(`### Version ${i + 1} · seq ${v.seq} · ${v.ts} · by ${authorText(v)}`, '');
    if (v.changes.length) lines.push(...v.changes.map((c) => `- ${changeText(c)}`), '');
    lines.push(planAsMarkdown(v.todos), '');
  });
  if (timing.length) lines.push('### Timing (standing plan)', '', ...timing.map((row) => `- ${timingLine(row)}`), '');
  return lines.join('\n').trimEnd();
}
