// The event map is composed of its families' maps: each event type belongs to one
// family, and the map holds every family's types, with their own schemas.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventDataSchemas, isKnownEventType } from '../../../extension/src/core/session/events';
import { checkEventDataFields } from '../../../extension/src/core/session/check-events';
import { itemRunEventDataFields } from '../../../extension/src/core/session/item-run-events';
import { planEventFields } from '../../../extension/src/core/session/plan-events';
import { reviewEventDataFields } from '../../../extension/src/core/session/review-events';
import { toolEventFields } from '../../../extension/src/core/session/tool-events';
import { turnEventFields } from '../../../extension/src/core/session/turn-events';
import { workspaceEventFields } from '../../../extension/src/core/session/workspace-events';

const FAMILIES = {
  turnEventFields,
  toolEventFields,
  planEventFields,
  workspaceEventFields,
  reviewEventDataFields,
  checkEventDataFields,
  itemRunEventDataFields,
};

describe('the event map by family', () => {
  it('gives each event type to exactly one family', () => {
    const seen = new Map<string, string>();
    for (const [family, fields] of Object.entries(FAMILIES)) {
      for (const type of Object.keys(fields)) {
        assert.equal(seen.get(type), undefined, `${type} is in ${seen.get(type)} and ${family}`);
        seen.set(type, family);
      }
    }
    assert.deepEqual([...seen.keys()].sort(), Object.keys(eventDataSchemas).sort());
  });

  it("keeps each family's schema for its types", () => {
    for (const fields of Object.values(FAMILIES)) {
      for (const [type, schema] of Object.entries(fields)) {
        assert.ok(isKnownEventType(type), type);
        assert.equal(eventDataSchemas[type], schema, type);
      }
    }
    assert.equal(isKnownEventType('plan/unknown'), false);
  });
});
