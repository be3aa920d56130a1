// Property test (fast-check): a session's board card, read from the log's end with
// only the events that decide it parsed (core/board/log-window.ts, card-events.ts),
// is the card of the whole log's fold: every event parsed and checked, the plan
// ledger and the items' checks folded from the first event, over random logs.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { BoardCard } from '../../../extension/src/core/board/board-card';
import { readSessionCard } from '../../../extension/src/core/board/session-card';
import { planCounts, planState } from '../../../extension/src/core/board/state-rules';
import { promptTitle } from '../../../extension/src/core/import/agent-plan';
import { itemCheckViews, verifiedCount } from '../../../extension/src/core/plan/check-states';
import { itemChecksProjection } from '../../../extension/src/core/plan/item-checks';
import { flaggedItems } from '../../../extension/src/core/plan/plan-flags';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { parseEvent, rawEnvelopeSchema, type SessionEvent } from '../../../extension/src/core/session/events';
import { fold } from '../../../extension/src/core/session/projection';
import { tempDir } from '../support/sessions';
import { randomEvent, writeRandomLog } from '../board/random-logs';

const T0 = Date.parse('2026-12-01T10:00:00Z');
const asksApproval = (tool: string): boolean => tool === 'bash';

/** The card of the whole log: every line parsed and checked, every fold from the first event. */
function foldedCard(file: string, nowMs: number): BoardCard {
  const [, ...lines] = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
  const events = lines.map((line): SessionEvent => {
    const event = parseEvent(rawEnvelopeSchema.parse(JSON.parse(line)));
    assert.ok(typeof event !== 'string', event as string);
    return event;
  });
  const ledger = fold(planLedgerProjection, events);
  const proposalWaits = ledger.plan?.review?.stage === 'proposed';
  const marks = events.filter((e) => e.type === 'turn/start' || e.type === 'turn/end');
  const turnOpen = marks.at(-1)?.type === 'turn/start';
  const open = new Map<string, { tool: string; asked: boolean }>();
  for (const e of events) {
    if (e.type === 'turn/start' || e.type === 'turn/end') open.clear();
    else if (e.type === 'tool/call') open.set(e.data.callId, { tool: e.data.name, asked: e.data.asked === true });
    else if (e.type === 'tool/approval' || e.type === 'tool/result') open.delete(e.data.callId);
  }
  const facts = {
    plan: ledger.plan?.todos ?? null,
    proposalWaits,
    approvalWaits: [...open.values()].some((c) => c.asked || asksApproval(c.tool)),
    turnOpen,
    lastActivity: events.at(-1)?.ts ?? null,
    flagged: flaggedItems(ledger, true).length > 0,
  };
  const prompt = events.find((e) => e.type === 'user/message');
  return {
    source: 'session',
    agent: 'Agent Checklist',
    id: 'random',
    title: (prompt?.type === 'user/message' ? promptTitle(prompt.data.message.text) : undefined) ?? 'random',
    state: planState(facts, nowMs, 10),
    ...planCounts(facts.plan, proposalWaits),
    verified: verifiedCount(itemCheckViews(fold(itemChecksProjection, events))),
    updatedAt: facts.lastActivity ?? new Date(T0).toISOString(),
    path: file,
  };
}

describe('board card (property)', () => {
  it('the card read from the log’s end is the whole log’s folded card', () => {
    const dir = tempDir('board-card-property-');
    const file = path.join(dir, 'random.jsonl');
    fc.assert(
      fc.property(
        fc.array(randomEvent, { maxLength: 80, size: 'max' }),
        fc.integer({ min: 0, max: 120 }),
        (events, minutes) => {
          writeRandomLog(file, events, T0);
          const nowMs = T0 + minutes * 60_000;
          const card = readSessionCard(file, { nowMs, stallMinutes: 10, asksApproval });
          assert.deepEqual(card, foldedCard(file, nowMs));
        },
      ),
      { numRuns: 300 },
    );
  });
});
