// The plan and its history as a document: what `export` prints and what the
// extension's "Export Plan" opens.
import type { SessionEvent } from '../session/events';
import type { SessionHeader } from '../session/header';
import { fold } from '../projection/projection';
import { oneLine } from './one-line';
import { planAsMarkdown, stripHeader } from './summaries';
import type { TodoItem } from './todo-schema';
import { todosProjection } from './todos-projection';

export interface PlanExport {
  sessionId: string;
  title?: string;
  standingPlan: readonly TodoItem[] | null;
  history: { seq: number; ts: string; turn: number; todos: readonly TodoItem[] }[];
}

export function exportPlan(header: SessionHeader, events: readonly SessionEvent[]): PlanExport {
  const history: PlanExport['history'] = [];
  let turn = 0;
  for (const event of events) {
    if (event.type === 'turn/start') turn = event.data.turn;
    else if (event.type === 'todo/write') history.push({ seq: event.seq, ts: event.ts, turn, todos: event.data.todos });
  }
  const doc: PlanExport = { sessionId: header.id, standingPlan: fold(todosProjection, events), history };
  if (header.title !== undefined) doc.title = header.title;
  return doc;
}

export function exportPlanMarkdown(doc: PlanExport): string {
  const lines = [`# Plan — ${oneLine(doc.title ?? `session ${doc.sessionId}`)}`, ''];
  lines.push('## Standing plan', '');
  if (doc.standingPlan === null) lines.push('_No standing plan._');
  else {
    if (doc.standingPlan.length) lines.push(stripHeader(doc.standingPlan), '');
    lines.push(planAsMarkdown(doc.standingPlan));
  }
  lines.push('', '## History', '');
  if (!doc.history.length) lines.push('_The model wrote no plan in this session._');
  doc.history.forEach((entry, i) => {
    lines.push(`### Turn ${entry.turn} · update ${i + 1} · ${entry.ts}`, '', planAsMarkdown(entry.todos), '');
  });
  return lines.join('\n').trimEnd() + '\n';
}
