// spec-kit's and Kiro's tasks.md as the plan file (core/plan/task-files/): recognised
// from the text, read as items (the task's words, the status its box says) with what
// the file said of each, and written back changing only what changed, byte for byte;
// our own checklist's `(after 2, 3)`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { planFileText, readPlanFile } from '../../../extension/src/core/plan/task-files/plan-file-format';
import type { TodoItem } from '../../../extension/src/core/plan/todo-schema';
import { todo } from '../support/sessions';
import { crlf, KIRO, SPEC_KIT } from './task-file-fixtures';

function read(text: string, plan: readonly TodoItem[] | null = null) {
  const r = readPlanFile(text, plan);
  assert.ok(r.ok, r.ok ? '' : r.message);
  return r;
}

const tick = (plan: readonly TodoItem[], content: string): TodoItem[] =>
  plan.map((t) => (t.content === content ? todo(t.content, 'completed') : t));

describe('spec-kit tasks.md', () => {
  it('reads each task line as an item with its id, [P], story, phase and dependencies', () => {
    const r = read(SPEC_KIT);
    assert.equal(r.origin.format, 'spec-kit');
    assert.deepEqual(r.todos?.slice(0, 2), [
      todo('Create project structure per implementation plan', 'completed'),
      todo('Initialize TypeScript project with Vite dependencies'),
    ]);
    assert.equal(r.todos?.length, 8);
    assert.deepEqual(r.origin.tasks?.[4], {
      taskId: 'T005',
      parallel: true,
      phase: 'Phase 2: Foundational (Blocking Prerequisites)',
      dependsOn: ['T004'],
    });
    assert.deepEqual(r.todos?.[7], todo('Implement AlbumService in src/services/album.ts'));
    assert.deepEqual(r.origin.tasks?.[7]?.dependsOn, ['T012', 'T013']);
    assert.equal(r.origin.tasks?.[6]?.story, 'US1');
    assert.equal(r.todos?.[6]?.status, 'completed'); // [x]
  });

  for (const [name, text] of [
    ['LF', SPEC_KIT],
    ['CRLF', crlf(SPEC_KIT)],
  ] as const) {
    it(`written back unchanged is the same bytes; a tick changes one character (${name})`, () => {
      const plan = read(text).todos!;
      assert.equal(planFileText(text, plan), text);
      const ticked = planFileText(text, tick(plan, 'Configure linting and formatting tools'));
      assert.equal(ticked, text.replace('- [ ] T003 [P]', '- [X] T003 [P]'));
      assert.equal(ticked.length, text.length);
    });
  }

  it('an item in progress stays `[ ]` in the file and in progress when the file is read with the plan', () => {
    const plan = read(SPEC_KIT).todos!.map((t, i) => (i === 1 ? todo(t.content, 'in_progress') : t));
    const written = planFileText(SPEC_KIT, plan);
    assert.equal(written, SPEC_KIT);
    assert.deepEqual(read(written, plan).todos, plan);
  });

  it('a new item is a line after the last task with the next id; a removed one loses its line', () => {
    const plan = read(SPEC_KIT).todos!;
    const written = planFileText(SPEC_KIT, [...plan.filter((t) => !t.content.startsWith('Contract')), todo('Ship')]);
    const expected = SPEC_KIT.replace(
      '- [ ] T010 [P] [US1] Contract test for /api/albums in tests/contract/test_albums.ts\n',
      '',
    ).replace('(depends on T012, T013)\n', '(depends on T012, T013)\n- [ ] T015 Ship\n');
    assert.equal(written, expected);
  });
});

describe('task files: a reworded item and a moved one', () => {
  const reword = (plan: readonly TodoItem[], from: string, to: string): TodoItem[] =>
    plan.map((t) => (t.content === from ? todo(to, t.status) : t));

  it('a reworded spec-kit task keeps its line: its id, markers and dependencies, and the item keeps them read back', () => {
    const plan = read(SPEC_KIT).todos!;
    const next = reword(plan, 'Implement AlbumService in src/services/album.ts', 'Implement AlbumService with paging');
    const written = planFileText(SPEC_KIT, next);
    assert.equal(
      written,
      SPEC_KIT.replace(
        'T014 [US1] Implement AlbumService in src/services/album.ts (depends',
        'T014 [US1] Implement AlbumService with paging (depends',
      ),
    );
    const back = read(written);
    assert.deepEqual(back.todos, next);
    assert.deepEqual(back.origin.tasks?.at(-1), {
      taskId: 'T014',
      story: 'US1',
      phase: 'Phase 3: User Story 1 - Organize photos into albums (Priority: P1) 🎯 MVP',
      dependsOn: ['T012', 'T013'],
    });
  });

  for (const [name, text] of [
    ['LF', KIRO],
    ['CRLF', crlf(KIRO)],
  ] as const) {
    it(`a reworded Kiro sub-task keeps its number and its detail lines (${name})`, () => {
      const plan = read(text).todos!;
      const next = reword(plan, 'Implement database connection utilities', 'Implement the connection pool');
      const written = planFileText(text, next);
      assert.equal(
        written,
        text.replace('3.1 Implement database connection utilities', '3.1 Implement the connection pool'),
      );
      assert.deepEqual(read(written).origin.tasks?.[5], { taskId: '3.1' });
    });

    it(`moved items take their lines and detail bullets along; the other lines stay (${name})`, () => {
      const nl = name === 'LF' ? '\n' : '\r\n';
      const block = (lines: string[]): string => lines.map((l) => l + nl).join('');
      const first = block([
        '- [ ] 2.1 Create core data model interfaces and types',
        '  - Write TypeScript interfaces for all data models',
        '  - Implement validation functions for data integrity',
        '  - _Requirements: 2.1, 3.3, 1.2_',
      ]);
      const second = block([
        '- [ ]* 2.2 Write unit tests for the User model',
        '  - Write unit tests for User model validation',
        '  - _Requirements: 1.2_',
      ]);
      assert.ok(text.includes(first + nl + second));
      const plan = read(text).todos!;
      const moved = [plan[0]!, plan[1]!, plan[3]!, plan[2]!, ...plan.slice(4)];
      const written = planFileText(text, moved);
      assert.equal(written, text.replace(first + nl + second, second + nl + first));
      assert.deepEqual(read(written).todos, moved);
      assert.equal(planFileText(written, plan), text, 'moved back: the same bytes');
    });
  }

  it('a spec-kit task moved to another phase takes the place of the task it passed; headings stay', () => {
    const plan = read(SPEC_KIT).todos!;
    const last = plan.at(-1)!;
    const moved = [last, ...plan.slice(0, -1)];
    const written = planFileText(SPEC_KIT, moved);
    const lines = (text: string): string[] => text.split('\n').filter((l) => /^- \[.\] T\d+/.test(l));
    assert.deepEqual(lines(written), [lines(SPEC_KIT).at(-1), ...lines(SPEC_KIT).slice(0, -1)]);
    assert.deepEqual(
      written.split('\n').filter((l) => !/^- \[.\] T\d+/.test(l)),
      SPEC_KIT.split('\n').filter((l) => !/^- \[.\] T\d+/.test(l)),
    );
    assert.deepEqual(read(written).todos, moved);
  });
});

describe('Kiro tasks.md', () => {
  it('reads tasks and sub-tasks; detail bullets and _Requirements_ lines stay text', () => {
    const r = read(KIRO);
    assert.equal(r.origin.format, 'kiro');
    assert.deepEqual(r.todos, [
      todo('Set up project structure and core interfaces', 'completed'),
      todo('Implement data models and validation', 'in_progress'),
      todo('Create core data model interfaces and types'),
      todo('Write unit tests for the User model'),
      todo('Create storage mechanism'),
      todo('Implement database connection utilities'),
      todo('Implement repository pattern for data access'),
    ]);
    assert.deepEqual(r.origin.tasks?.[3], { taskId: '2.2', optional: true, dependsOn: ['2.1'] });
    assert.deepEqual(r.origin.tasks?.[6], { taskId: '3.2', dependsOn: ['3.1'] });
    assert.deepEqual(r.origin.tasks?.[5], { taskId: '3.1' });
  });

  for (const [name, text] of [
    ['LF', KIRO],
    ['CRLF', crlf(KIRO)],
  ] as const) {
    it(`a tick, an in-progress mark and a pending item: only their box characters change (${name})`, () => {
      const plan = read(text).todos!;
      assert.equal(planFileText(text, plan), text);
      const next = plan.map((t) =>
        t.content === 'Implement database connection utilities'
          ? todo(t.content, 'in_progress')
          : t.content === 'Implement data models and validation'
            ? todo(t.content, 'completed')
            : t.content.startsWith('Set up')
              ? todo(t.content)
              : t,
      );
      const expected = text
        .replace('- [-] 2.', '- [x] 2.')
        .replace('- [ ] 3.1', '- [-] 3.1')
        .replace('- [x] 1.', '- [ ] 1.');
      assert.equal(planFileText(text, next), expected);
    });
  }
});

describe('our checklist', () => {
  it('an item line may end with (after 2, 3); it is kept when the file is written again', () => {
    const text = '- [x] read\n- [ ] build\n- [ ] fix (after 1, 2)\n';
    const r = read(text);
    assert.deepEqual(r.todos, [todo('read', 'completed'), todo('build'), todo('fix')]);
    assert.deepEqual(r.origin.tasks?.[2], { dependsOn: ['1', '2'] });
    const written = planFileText(text, [todo('read', 'completed'), todo('build', 'completed'), todo('fix')]);
    assert.equal(written, '- [x] read\n- [x] build\n- [ ] fix (after 1, 2)\n');
  });

  it('a plain checklist stays ours, with no task metadata', () => {
    const r = read('- [ ] 1. one\n- [ ] T001 two\n- [ ] three\n');
    assert.deepEqual(r.origin, { kind: 'plan-file' });
    assert.deepEqual(r.todos?.[0], todo('1. one'));
  });
});
