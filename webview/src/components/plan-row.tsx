/** @jsxRuntime automatic @jsxImportSource preact */
// One item of the plan strip in a session this window writes: a checkbox (checked =
// completed; its accessible name is the item's text), the text, and a per-row menu
// (⋯) with every action of the Plan tree. Each action posts one `editPlan`; the row
// shows what the host's next plan says, never a guess: the checkbox is put back at
// once and follows the plan the host posts (a refused edit leaves it as it was).
//
// Keys on a focused row (docs/architecture.md, README): Space completed/pending,
// Up/Down the next row, Alt+Up/Down move, F2 edit text, Insert add an item below,
// Delete remove, Shift+F10 or the context-menu key the menu (Comment on Item… opens a
// text box under the row, whose text is posted as `commentItem`). Escape closes an input or
// the menu and gives focus back. The text box and the menu are a lazily loaded chunk
// (plan-row-edit.tsx, lazy-views.tsx).
import { useRef, useState } from 'preact/hooks';
import type { PlanEdit, PlanItemView } from '@core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Commenting, RowCheck, RowEvidence, RowMenu, TextInput } from '../lazy-views';
import { Icon, IconButton } from './icon';

export const PLAN_KEYS_ID = 'plan-keys';

/**
 * What a row shows: itself, its text box (Edit Text…), an Add Item… box below it, or its menu (plan-row-edit.tsx).
 */
export type RowMode = 'idle' | 'text' | 'add' | 'menu' | 'comment';

const edit = (request: PlanEdit): void => post({ type: 'editPlan', edit: request });

export interface PlanRowProps {
  todo: PlanItemView;
  index: number;
  count: number;
  glyph: string;
  statusText: string;
  /**
   * Once the next plan is painted, focus the row of this content (moved, renamed, added), else the row at `index`
   * (removed).
   */
  focusLater: (content: string, index: number) => void;
}

export function PlanRow({ todo, index, count, glyph, statusText, focusLater }: PlanRowProps) {
  const s = useStrings();
  const [mode, setMode] = useState<RowMode>('idle');
  const row = useRef<HTMLLIElement>(null);
  const focusCheckbox = (): void => row.current?.querySelector<HTMLInputElement>('.plan-check')?.focus();
  const { content } = todo;

  const act = (request: PlanEdit, focus: string = content): void => {
    setMode('idle');
    focusLater(focus, index);
    edit(request);
  };
  /** Back to the plain row; `refocus` when the user left with Escape (not by clicking elsewhere). */
  const idle = (refocus: boolean): void => {
    setMode('idle');
    if (refocus) focusCheckbox();
  };

  const onKeyDown = rowKeys({ mode, index, count, content, row, act, setMode });

  const name = format(s.itemActions, content);
  return (
    <>
      <li ref={row} class={`plan-item status-${todo.status}`} data-status={todo.status} onKeyDown={onKeyDown}>
        <RowCheckbox todo={todo} index={index} act={act} />
        {todo.status === 'in_progress' && <Icon name={glyph} />}
        {mode === 'text' ? (
          <TextInput
            label={format(s.editTextOf, content)}
            initial={content}
            submit={(text) => (text !== content ? act({ kind: 'text', content, text }, text) : idle(true))}
            cancel={idle}
          />
        ) : (
          <label class="plan-item-label" for={`plan-check-${index}`}>
            <span class="plan-item-content">{content}</span>
            <Priority todo={todo} />
            <span class="visually-hidden">, {statusText}</span>
            <RowCheck todo={todo} />
          </label>
        )}
        <RowEvidence todo={todo} />
        <IconButton
          icon="ellipsis"
          label={name}
          class="plan-row-menu"
          aria-haspopup="menu"
          aria-expanded={mode === 'menu'}
          onClick={() => setMode(mode === 'menu' ? 'idle' : 'menu')}
        />
        {mode === 'menu' && (
          <RowMenu label={name} todo={todo} index={index} count={count} act={act} setMode={setMode} close={idle} />
        )}
      </li>
      <RowBelow mode={mode} content={content} index={index} act={act} idle={idle} />
    </>
  );
}

/** Moves focus to the checkbox of the row `by` rows away (rows only, not the add box). */
function focusSibling(row: HTMLLIElement | null, by: -1 | 1): void {
  const list = row?.parentElement;
  if (!list || !row) return;
  const boxes = [...list.querySelectorAll<HTMLInputElement>('.plan-check')];
  const at = boxes.findIndex((box) => row.contains(box));
  boxes[at + by]?.focus();
}

/** The item's priority in words, when an ACP agent gave it one other than medium. */
export function Priority({ todo }: { todo: PlanItemView }) {
  const s = useStrings();
  return todo.priority ? (
    <span class="plan-priority">{todo.priority === 'high' ? s.priorityHigh : s.priorityLow}</span>
  ) : null;
}

interface RowKeysArgs {
  mode: RowMode;
  index: number;
  count: number;
  content: string;
  row: { current: HTMLLIElement | null };
  act: (request: PlanEdit, focus?: string) => void;
  setMode: (mode: RowMode) => void;
}

/** A focused row's keys (module header); none while its input or menu is open, which have their own. */
function rowKeys({ mode, index, count, content, row, act, setMode }: RowKeysArgs) {
  return (event: KeyboardEvent): void => {
    if (mode !== 'idle') return;
    const key = event.key;
    const run = (f: () => void): void => {
      event.preventDefault();
      f();
    };
    if (event.altKey && key === 'ArrowUp' && index > 0) run(() => act({ kind: 'move', content, by: -1 }));
    else if (event.altKey && key === 'ArrowDown' && index < count - 1) run(() => act({ kind: 'move', content, by: 1 }));
    else if (key === 'ArrowUp' || key === 'ArrowDown') run(() => focusSibling(row.current, key === 'ArrowUp' ? -1 : 1));
    else if (key === 'F2') run(() => setMode('text'));
    else if (key === 'Insert') run(() => setMode('add'));
    else if (key === 'Delete') run(() => act({ kind: 'remove', content }));
    else if ((event.shiftKey && key === 'F10') || key === 'ContextMenu') run(() => setMode('menu'));
  };
}

interface RowBelowProps {
  mode: RowMode;
  content: string;
  index: number;
  act: (request: PlanEdit, focus?: string) => void;
  idle: (refocus: boolean) => void;
}

/** The text box under a row: Comment on Item… (posted as `commentItem`) or Add Item… (an item below it). */
function RowBelow({ mode, content, index, act, idle }: RowBelowProps) {
  const s = useStrings();
  return (
    <>
      {mode === 'comment' && <Commenting content={content} idle={idle} />}
      {mode === 'add' && (
        <li class="plan-item-new">
          <TextInput
            label={s.newItem}
            initial=""
            submit={(text) => act({ kind: 'add', text, index: index + 1 }, text)}
            cancel={idle}
          />
        </li>
      )}
    </>
  );
}

/** The row's checkbox: checked = completed; put back at once, it follows the plan the host posts next. */
function RowCheckbox({ todo, index, act }: { todo: PlanItemView; index: number; act: (request: PlanEdit) => void }) {
  const { content } = todo;
  return (
    <input
      type="checkbox"
      class="plan-check"
      checked={todo.status === 'completed'}
      aria-describedby={PLAN_KEYS_ID}
      data-content={content}
      onChange={(event) => {
        const box = event.currentTarget;
        const completed = box.checked;
        box.checked = todo.status === 'completed';
        act({ kind: 'status', content, status: completed ? 'completed' : 'pending' });
      }}
      id={`plan-check-${index}`}
    />
  );
}
