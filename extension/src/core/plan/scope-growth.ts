// Plan first's re-approval (docs/todo-write-contract.md, "Plan first"): whether a model
// write grew the plan's scope since the approved version. The scope grows when the
// diff since approval (revision-diff.ts, items matched by itemId) holds an item ADDED
// or REWORDED that the version before the write did not already hold as such: status
// changes are the work, a removal or a reorder narrows or keeps the scope, and growth
// the user made by their own edits is theirs (not asked again). Pure; a projection
// keeps the latest version, the approved one and the growth of the latest model write.
import type { SessionEvent } from '../session/events';
import type { Projection } from '../session/projection';
import { identifyVersion, type IdentifiedVersion } from './item-identity';
import { revisionDiff, type RevisionChange } from './revision-diff';

export interface ScopeGrowth {
  /** The approved plan version (the seq of the write the approval named). */
  readonly approvedSeq: number;
  /** The plan version that grew it. */
  readonly planSeq: number;
  /** Items added and reworded since the approval (the whole diff's counts). */
  readonly added: number;
  readonly reworded: number;
  /** The diff since the approval, every kind. */
  readonly changes: readonly RevisionChange[];
}

/** `after` (a model write) against the approved version: its growth, or null when it grew nothing new. */
function scopeGrowth(
  approved: IdentifiedVersion,
  before: IdentifiedVersion | null,
  after: IdentifiedVersion,
): ScopeGrowth | null {
  const changes = revisionDiff(approved, after);
  const grown = changes.filter(isGrowth);
  const had = new Set((before ? revisionDiff(approved, before) : []).filter(isGrowth).map(growthKey));
  if (!grown.some((change) => !had.has(growthKey(change)))) return null;
  const count = (kind: RevisionChange['kind']): number => grown.filter((change) => change.kind === kind).length;
  return {
    approvedSeq: approved.seq,
    planSeq: after.seq,
    added: count('added'),
    reworded: count('reworded'),
    changes,
  };
}

const isGrowth = (change: RevisionChange): boolean => change.kind === 'added' || change.kind === 'reworded';
const growthKey = (change: RevisionChange): string => `${change.kind}\u0000${change.itemId}\u0000${change.text}`;

export interface ApprovalScope {
  /** The latest plan version, its items identified. */
  readonly version: IdentifiedVersion | null;
  /** The version the standing approval names; null when none stands. */
  readonly approved: IdentifiedVersion | null;
  /** What the latest plan event, a model write, grew since the approval; else null. */
  readonly growth: ScopeGrowth | null;
}

export const approvalScopeProjection: Projection<ApprovalScope> = {
  init: { version: null, approved: null, growth: null },
  apply(state, event: SessionEvent) {
    switch (event.type) {
      case 'todo/write': {
        const version = identifyVersion(state.version, event.seq, event.data.todos);
        const growth = state.approved ? scopeGrowth(state.approved, state.version, version) : null;
        return { ...state, version, growth };
      }
      case 'todo/user-edit':
        return { ...state, version: identifyVersion(state.version, event.seq, event.data.todos), growth: null };
      case 'plan/approved':
        return { ...state, approved: state.version?.seq === event.data.planSeq ? state.version : null, growth: null };
      case 'plan/proposed':
      case 'plan/rejected':
        return { ...state, approved: null, growth: null };
      default:
        return state;
    }
  },
};
