// Export Plan's items' checks (issue 52): each standing item with a check, its command
// and what its state says (core/plan/check-states.ts): `verified`, `check failed: exit N`,
// `changed since checked`, `not run`, `waiting for acceptance`. The command is Markdown
// code, made one line and inert (oneLine, cell).
import { itemCheckViews, verifiedCount, type ItemCheckView } from '../plan/check-states';
import type { ItemChecksState } from '../plan/item-checks';

interface ExportedCheck {
  content: string;
  check: ItemCheckView;
}

export interface ExportedChecks {
  items: ExportedCheck[];
  verified: number;
}

/** The standing items' checks (the default setting's is not in the log, so not here). */
export function exportedChecks(state: ItemChecksState): ExportedChecks {
  const views = itemCheckViews(state);
  const items = (state.version?.items ?? []).flatMap((item, i) => {
    const check = views[i];
    return check ? [{ content: item.content, check }] : [];
  });
  return { items, verified: verifiedCount(views) };
}

/** The words of a check's state in the export. */
function checkStateText(check: ItemCheckView): string {
  switch (check.state) {
    case 'passed':
      return 'verified';
    case 'failed':
      return check.exitCode === null ? 'check failed (timed out or cancelled)' : `check failed: exit ${check.exitCode}`;
    case 'stale':
      return 'changed since checked';
    case 'running':
      return 'running';
    case 'not-run':
      return 'not run';
    case 'waiting-acceptance':
      return 'from the plan file, waiting for acceptance';
  }
}

/** The `## Checks` section (none without a check); `cell` makes a table cell of text. */
export function checksSection(checks: ExportedChecks, cell: (text: string) => string): string[] {
  if (checks.items.length === 0) return [];
  const rows = checks.items.map(
    ({ content, check }) => `| ${cell(content)} | ${cell(`\`${check.command}\``)} | ${checkStateText(check)} |`,
  );
  const verified = checks.verified > 0 ? ['', `${checks.verified} verified`] : [];
  return ['', '## Checks', ...verified, '', '| Item | Check | State |', '|---|---|---|', ...rows];
}
