/** @jsxRuntime automatic @jsxImportSource preact */
// An item's evidence on its strip row, as the host presented it (PlanItemView
// `evidence` and `flag`: core/protocol/item-evidence-view.ts): a flagged completion's
// warning and words, and a button that opens the evidence below the row: the tool
// calls made while the item was in progress, shared ones, failed commands, its
// latest calls and the files it changed (its time in progress is in the Plan tree's tooltip). Nothing is
// counted here; a view without evidence (a log that records no tool calls) shows
// none of it. Also the item's check state as the host decided it (RowCheck). A chunk
// of its own (lazy-views.tsx), loaded with the first row shown.
import type { PlanItemView } from '@core/protocol/messages';
import type { WebviewStrings } from '@core/protocol/strings';
import { changedFilesList, format, Icon, useState, useStrings } from '../chunk-api';

type Flag = NonNullable<PlanItemView['flag']>;
type Evidence = NonNullable<PlanItemView['evidence']>;

function flagWords(s: WebviewStrings, flag: Flag): string {
  if (flag.reason === 'no-work') return s.flagNoWork;
  return flag.exit === null ? s.flagLastFailed : format(s.flagLastFailedExit, String(flag.exit));
}

/**
 * The flag's warning and the button that opens the evidence; while open, the evidence itself (in the row, below its
 * line).
 */
export function RowEvidence({ todo }: { todo: PlanItemView }) {
  const s = useStrings();
  const [open, setOpen] = useState(false);
  const { evidence, flag } = todo;
  if (!evidence) return null;
  const name = format(s.evidenceOf, todo.content);
  return (
    <>
      {flag && (
        <span class="plan-flag">
          <Icon name="warning" /> {flagWords(s, flag)}
        </span>
      )}
      <button
        type="button"
        class="icon-button plan-evidence-toggle"
        title={name}
        aria-label={name}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name="info" />
      </button>
      {open && (
        <ul class="plan-evidence" role="list" aria-label={name}>
          {evidenceLines(s, evidence, flag ?? null).map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </>
  );
}

function evidenceLines(s: WebviewStrings, evidence: Evidence, flag: Flag | null): string[] {
  const lines: string[] = [];
  if (flag) lines.push(flagWords(s, flag));
  const { read, write, command, other, shared } = evidence.tools;
  if (read + write + command + other === 0) return [...lines, s.evidenceNone, ...filesLines(s, evidence)];
  lines.push(format(s.evidenceCounts, String(read), String(write), String(command), String(other)));
  if (shared > 0) lines.push(format(s.evidenceShared, String(shared)));
  if (evidence.failedCommands > 0) lines.push(format(s.evidenceFailed, String(evidence.failedCommands)));
  const calls = evidence.recent.map((c) =>
    c.kind !== 'command'
      ? c.tool
      : c.exit !== null
        ? format(s.callExit, c.tool, String(c.exit))
        : c.failed
          ? format(s.callFailed, c.tool)
          : c.tool,
  );
  lines.push(format(s.evidenceLatest, calls.join(', ')));
  return [...lines, ...filesLines(s, evidence)];
}

/** The files it changed (unknown, or not read yet: no line). */
function filesLines(s: WebviewStrings, { files }: Evidence): string[] {
  if (!files) return [];
  return [
    files.length === 0 ? s.evidenceNoFiles : format(s.evidenceFiles, String(files.length), changedFilesList(files)),
  ];
}

type ItemCheck = NonNullable<PlanItemView['check']>;

/** The words of a check's state on its row; '' for one not run yet (its menu runs it). */
function checkWords(s: WebviewStrings, check: ItemCheck): string {
  switch (check.state) {
    case 'passed':
      return s.checkVerified;
    case 'failed':
      return check.exitCode === null ? s.checkFailedCancelled : format(s.checkFailedExit, String(check.exitCode));
    case 'stale':
      return s.checkStale;
    case 'running':
      return s.checkRunning;
    case 'waiting-acceptance':
      return s.checkWaiting;
    case 'not-run':
      return '';
  }
}

const CHECK_ICON: Record<ItemCheck['state'], string> = {
  passed: 'verified',
  failed: 'error',
  stale: 'history',
  running: 'loading',
  'waiting-acceptance': 'shield',
  'not-run': 'beaker',
};

/** The item's check state (host-made: PlanItemView `check`), in words after `, ` (so it joins the row's name). */
export function RowCheck({ todo }: { todo: PlanItemView }) {
  const s = useStrings();
  const check = todo.check;
  const words = check ? checkWords(s, check) : '';
  if (!check || !words) return null;
  return (
    <span class={`plan-check-state check-${check.state}`} title={format(s.checkOf, check.command)}>
      <span class="visually-hidden">, </span>
      <Icon name={CHECK_ICON[check.state]} /> {words}
    </span>
  );
}
