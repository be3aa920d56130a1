/** @jsxRuntime automatic @jsxImportSource preact */
// A plan item's evidence on its strip row, painted from the view the host presents
// (standingPlanView over a real ledger folded from a log): a flagged completion's
// warning in words, and the Evidence button that opens the calls made while the item
// was in progress and the files it changed; in a translation's words too. Found by role and name.
import './render';
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { planLedgerProjection } from '../../../extension/src/core/plan/plan-ledger';
import { standingPlanView, type FilesOf } from '../../../extension/src/core/plan/plan-presenter';
import { fold } from '../../../extension/src/core/session/projection';
import { PlanStrip } from '../../../webview/src/components/plan-strip';
import { RowEvidence } from '../../../webview/src/lazy-views';
import { bashExited, logStep, memorySession, todo } from '../support/sessions';
import { click, mount, text } from './render';
import { allByRole, getByRole, queryByRole } from './roles';

/** A: read, wrote, ran a command that failed, completed. B: completed with no call. C: pending. */
function presented(filesOf?: FilesOf) {
  const s = memorySession();
  s.append('turn/start', { turn: 1 });
  logStep(s, [
    { name: 'todo_write', todos: [todo('Fix the parser', 'in_progress'), todo('Update the docs'), todo('Release')] },
  ]);
  logStep(s, [{ name: 'read_file' }, { name: 'edit_file' }, bashExited(0), bashExited(1)]);
  logStep(s, [
    {
      name: 'todo_write',
      todos: [todo('Fix the parser', 'completed'), todo('Update the docs', 'in_progress'), todo('Release')],
    },
  ]);
  logStep(s, [
    {
      name: 'todo_write',
      todos: [todo('Fix the parser', 'completed'), todo('Update the docs', 'completed'), todo('Release')],
    },
  ]);
  const view = standingPlanView(
    fold(planLedgerProjection, s.events),
    true,
    new Date(Date.UTC(2026, 0, 1, 0, 5)),
    false,
    filesOf,
  );
  assert.ok(view);
  return view;
}

// The evidence is a chunk of its own: loaded before the rows render, as after the first row in the page.
before(() => RowEvidence.preload());

const rows = (root: HTMLElement) => allByRole(getByRole(root, 'list'), 'listitem');

describe('plan strip: an item’s evidence', () => {
  for (const editable of [false, true]) {
    it(`${editable ? 'a writable' : 'a read-only'} row says why a completion needs a second look and opens its evidence`, () => {
      const page = mount(<PlanStrip plan={presented()} editable={editable} />);
      click(getByRole(page.root, 'button', { name: /^Plan / }));
      const [fix, docs, release] = rows(page.root);
      assert.match(text(fix!), /last command failed: exit 1/);
      assert.ok(fix!.querySelector('.plan-flag .codicon-warning'), 'a warning icon beside the words');
      assert.match(text(docs!), /no work recorded/);
      assert.doesNotMatch(text(release!), /no work recorded|last command failed/);

      const toggle = getByRole(page.root, 'button', { name: 'Evidence for Fix the parser' });
      assert.equal(toggle.getAttribute('aria-expanded'), 'false');
      assert.equal(queryByRole(page.root, 'list', { name: 'Evidence for Fix the parser' }), null);
      click(toggle);
      assert.equal(toggle.getAttribute('aria-expanded'), 'true');
      const evidence = getByRole(page.root, 'list', { name: 'Evidence for Fix the parser' });
      assert.deepEqual(
        allByRole(evidence, 'listitem').map((li) => text(li)),
        [
          'last command failed: exit 1',
          'Tool calls while in progress: 1 reads, 1 writes, 2 commands, 0 other',
          'Failed commands: 1',
          'Latest calls: read_file, edit_file, bash (exit 0), bash (exit 1)',
        ],
      );
      click(getByRole(page.root, 'button', { name: 'Evidence for Update the docs' }));
      assert.deepEqual(
        allByRole(getByRole(page.root, 'list', { name: 'Evidence for Update the docs' }), 'listitem').map((li) =>
          text(li),
        ),
        ['no work recorded', 'No tool call while in progress'],
      );
      page.unmount();
    });
  }

  it('lists the files the host read for an item (none, or not known: no line)', () => {
    const files = new Map([
      ['Fix the parser', Array.from({ length: 7 }, (_, i) => ({ status: 'M' as const, path: `src/f${i}.ts` }))],
      ['Update the docs', []],
    ]);
    const page = mount(<PlanStrip plan={presented((content) => files.get(content) ?? null)} />);
    click(getByRole(page.root, 'button', { name: /^Plan / }));
    const lines = (item: string) => {
      click(getByRole(page.root, 'button', { name: `Evidence for ${item}` }));
      return allByRole(getByRole(page.root, 'list', { name: `Evidence for ${item}` }), 'listitem').map((li) =>
        text(li),
      );
    };
    assert.equal(
      lines('Fix the parser').at(-1),
      'Files changed (7): src/f0.ts, src/f1.ts, src/f2.ts, src/f3.ts, src/f4.ts, …',
    );
    assert.deepEqual(lines('Update the docs'), [
      'no work recorded',
      'No tool call while in progress',
      'No file changed',
    ]);
    assert.doesNotMatch(lines('Release').join('\n'), /file/i, 'unknown (null): no line');
    page.unmount();
  });

  it('speaks the translation the host sends', () => {
    const page = mount(<PlanStrip plan={presented()} />, { flagNoWork: '未记录任何工作', evidenceOf: '{0} 的证据' });
    click(getByRole(page.root, 'button', { name: /^Plan / }));
    assert.match(text(rows(page.root)[1]!), /未记录任何工作/);
    assert.ok(getByRole(page.root, 'button', { name: 'Update the docs 的证据' }));
    page.unmount();
  });

  it('a row with no evidence (a log that records no tool calls) shows none of it', () => {
    const s = memorySession();
    s.append('turn/start', { turn: 1 });
    logStep(s, [{ name: 'todo_write', todos: [todo('Done already', 'completed')] }]);
    const page = mount(
      <PlanStrip plan={standingPlanView(fold(planLedgerProjection, s.events), false, new Date(), false)!} />,
    );
    click(getByRole(page.root, 'button', { name: /^Plan / }));
    assert.doesNotMatch(text(rows(page.root)[0]!), /no work recorded/);
    assert.equal(queryByRole(page.root, 'button', { name: /^Evidence for/ }), null);
    page.unmount();
  });
});
