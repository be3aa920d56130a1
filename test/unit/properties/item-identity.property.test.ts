// Property tests (fast-check) of item identity (core/plan/item-identity.ts): a random
// sequence of edits keeps the ids of the items it did not touch, gives each new item an
// id never used before, and the fold over a log on disk gives, live, what its replay gives.
import assert from 'node:assert/strict';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  identifyVersion,
  itemIdentityProjection,
  type IdentifiedVersion,
} from '../../../extension/src/core/plan/item-identity';
import { listComments, planCommentsProjection } from '../../../extension/src/core/plan/plan-comments';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { fold } from '../../../extension/src/core/session/projection';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { tempDir } from '../support/sessions';

type Edit =
  | { kind: 'add'; at: number }
  | { kind: 'remove'; at: number }
  | { kind: 'reword'; at: number }
  | { kind: 'status'; at: number; status: TodoItem['status'] }
  | { kind: 'move'; at: number; to: number };

const at = fc.nat({ max: 9 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at }),
  fc.record({ kind: fc.constant('remove' as const), at }),
  fc.record({ kind: fc.constant('reword' as const), at }),
  fc.record({
    kind: fc.constant('status' as const),
    at,
    status: fc.constantFrom('pending', 'in_progress', 'completed'),
  }),
  fc.record({ kind: fc.constant('move' as const), at, to: at }),
);
const WORDS = ['read', 'fix', 'test', 'the', 'parser', 'docs', 'build', 'ship', 'review', 'plan'];
const text = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** The list after `e` (texts from `fresh`, never used before), and the index of the item it touched in it. */
function applyEdit(list: TodoItem[], e: Edit, fresh: () => string): { list: TodoItem[]; touched: string | null } {
  const next = [...list];
  const i = list.length ? e.at % list.length : 0;
  switch (e.kind) {
    case 'add': {
      const item = { content: fresh(), status: 'pending' as const };
      next.splice(Math.min(e.at, list.length), 0, item);
      return { list: next, touched: item.content };
    }
    case 'remove':
      return list.length
        ? { list: next.filter((_, k) => k !== i), touched: list[i]!.content }
        : { list, touched: null };
    case 'reword':
      if (!list.length) return { list, touched: null };
      next[i] = { content: fresh(), status: list[i]!.status };
      return { list: next, touched: next[i]!.content };
    case 'status':
      if (!list.length) return { list, touched: null };
      next[i] = { content: list[i]!.content, status: e.status };
      return { list: next, touched: null };
    case 'move': {
      if (!list.length) return { list, touched: null };
      const [item] = next.splice(i, 1);
      next.splice(e.to % list.length, 0, item!);
      return { list: next, touched: null };
    }
  }
}

const byText = (v: IdentifiedVersion) => new Map(v.items.map((item) => [item.content, item.itemId]));

describe('item identity (properties)', () => {
  it('a random sequence of edits keeps the ids of untouched items; a reworded item keeps its id; new ids are new', () => {
    fc.assert(
      fc.property(fc.uniqueArray(text, { maxLength: 6 }), fc.array(edit, { maxLength: 12 }), (start, edits) => {
        let n = 0;
        const fresh = () => `new item ${++n}`;
        let list: TodoItem[] = start.map((content) => ({ content, status: 'pending' }));
        let version = identifyVersion(null, 1, list);
        const used = new Set(version.items.map((item) => item.itemId));
        edits.forEach((e, k) => {
          const before = version;
          const after = applyEdit(list, e, fresh);
          list = after.list;
          version = identifyVersion(before, k + 2, list);
          const ids = version.items.map((item) => item.itemId);
          assert.equal(new Set(ids).size, ids.length, 'ids are unique in a version');
          const was = byText(before);
          for (const item of version.items) {
            if (item.content !== after.touched) assert.equal(item.itemId, was.get(item.content), item.content);
            else if (e.kind === 'add') assert.ok(!used.has(item.itemId), 'a new item gets an id never used');
            else assert.equal(item.itemId, before.items[e.at % before.items.length]!.itemId, 'reworded in place');
          }
          for (const id of ids) used.add(id);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('live = replay: the fold as the log is written equals the fold over the log read back from disk', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(fc.array(fc.uniqueArray(text, { maxLength: 5 }), { minLength: 1, maxLength: 6 }), (lists) => {
        const store = new SessionStore(path.join(dir, `p${Math.random().toString(36).slice(2)}`));
        const opened = store.create();
        let live = itemIdentityProjection.init;
        const seen: (IdentifiedVersion | null)[] = [];
        opened.session.subscribe((event) => {
          live = itemIdentityProjection.apply(live, event);
          seen.push(live);
        });
        try {
          for (const list of lists)
            opened.session.append('todo/user-edit', { todos: list.map((content) => ({ content, status: 'pending' })) });
        } finally {
          opened.dispose();
        }
        const events = loadLogFile(opened.path).events;
        events.forEach((_, k) => assert.deepEqual(seen[k], fold(itemIdentityProjection, events.slice(0, k + 1))));
      }),
      { numRuns: 40 },
    );
  });

  it('comments: live = replay, and a comment stays unresolved while its item is untouched', () => {
    const dir = tempDir();
    const step = fc.oneof(
      fc.record({ kind: fc.constant('edit' as const), edit }),
      fc.record({ kind: fc.constant('comment' as const), at }),
      fc.record({ kind: fc.constant('resolve' as const), at }),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(text, { minLength: 1, maxLength: 5 }),
        fc.array(step, { maxLength: 12 }),
        (start, steps) => {
          const opened = new SessionStore(path.join(dir, `c${Math.random().toString(36).slice(2)}`)).create();
          let live = planCommentsProjection.init;
          const seen: unknown[] = [];
          opened.session.subscribe((event) => {
            live = planCommentsProjection.apply(live, event);
            seen.push(live);
          });
          let n = 0;
          let list: TodoItem[] = start.map((content) => ({ content, status: 'pending' }));
          const untouched = new Map<number, string>(); // comment seq -> its item's text, while untouched
          try {
            opened.session.append('todo/user-edit', { todos: list });
            for (const s of steps) {
              const version = live.version!;
              if (s.kind === 'edit') {
                const after = applyEdit(list, s.edit, () => `new item ${++n}`);
                if (after.list.length === 0) continue;
                list = after.list;
                opened.session.append('todo/user-edit', { todos: list });
                const now = new Map(list.map((t) => [t.content, t.status]));
                for (const [seq, content] of untouched)
                  if (now.get(content) !== version.items.find((i) => i.content === content)?.status)
                    untouched.delete(seq);
              } else if (s.kind === 'comment' && version.items.length) {
                const item = version.items[s.at % version.items.length]!;
                const e = opened.session.append('plan/comment', {
                  itemId: item.itemId,
                  planSeq: version.seq,
                  text: 'why?',
                });
                untouched.set(e.seq, item.content);
              } else if (s.kind === 'resolve' && live.comments.length) {
                const seq = live.comments[s.at % live.comments.length]!.seq;
                opened.session.append('plan/comment-resolved', { commentSeq: seq });
                untouched.delete(seq);
              }
            }
          } finally {
            opened.dispose();
          }
          const events = loadLogFile(opened.path).events;
          events.forEach((_, k) => assert.deepEqual(seen[k], fold(planCommentsProjection, events.slice(0, k + 1))));
          for (const c of listComments(live))
            if (untouched.has(c.seq)) assert.equal(c.state, 'unresolved', c.item ?? '');
        },
      ),
      { numRuns: 40 },
    );
  });
});
