// Which words say how a call's approval was decided: one mapping, on the host, for the
// Agent view's tool rows (the row carries the key; the webview paints its localized
// string) and for Export (the English table).
import type { ApprovalRecord } from '../domain-literals';

/** The strings-table keys a decision is said with (a tool row's `approval`). */
export const APPROVAL_WORDS = [
  'approvedByYou',
  'approvedAlwaysByYou',
  'approvedByRule',
  'approvedAuto',
  'deniedByYou',
  'refusedNoOne',
  'stoppedBeforeApproval',
] as const;
export type ApprovalWords = (typeof APPROVAL_WORDS)[number];

export function approvalWordsKey(approval: ApprovalRecord): ApprovalWords {
  switch (approval.decision) {
    case 'approve':
      return approval.by === 'auto' ? 'approvedAuto' : approval.by === 'rule' ? 'approvedByRule' : 'approvedByYou';
    case 'approve-always':
      return 'approvedAlwaysByYou';
    case 'deny':
      return 'deniedByYou';
    case 'refused':
      return 'refusedNoOne';
    case 'stopped':
      return 'stoppedBeforeApproval';
  }
}
