/** @jsxRuntime automatic @jsxImportSource preact */
// One item of the plan strip in a session this window writes: a checkbox (checked =
// completed; its accessible name is the item's text), the text, and a per-row menu
// (⋯) with every action of the Plan tree. Each action posts one `editPlan`; the row
// shows what the host's next plan says, never a guess: the checkbox is put back at
// once and follows the plan the host posts (a refused edit leaves it as it was).
//
// Keys on a focused row (docs/architecture.md, README): Space completed/pending,
// Up/Down the next row, Alt+Up/Down move, F2 edit text, Insert add an item below,
// Delete remove, Shift+F10 or the context-menu key the menu. Escape closes an input or
// the menu and gives focus back.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { PlanEditRequest, PlanItemView } from '../../../extension/src/core/protocol/messages';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { Icon, IconButton } from './icon';

export const PLAN_KEYS_ID = 'plan-keys';

const edit = (request: PlanEditRequest): void => post({ type: 'editPlan', edit: request });

export interface PlanRowProps {
  todo: PlanItemView;
  index: number;
  count: number;
  glyph: string;
  statusText: string;
  /** Once the next plan is painted, focus the row of this content (moved, renamed, added), else the row at `index` (removed). */
  focusLater: (content: string, index: number) => void;
}

export function PlanRow({ todo, index, count, glyph, statusText, focusLater }: PlanRowProps) {
  const s = useStrings();
  const [mode, setMode] = useState<'idle' | 'text' | 'add' | 'menu'>('idle');
  const row = useRef<HTMLLIElement>(null);
  const focusCheckbox = (): void => row.current?.querySelector<HTMLInputElement>('.plan-check')?.focus();
  const { content } = todo;

  const act = (request: PlanEditRequest, focus: string = content): void => {
    setMode('idle');
    focusLater(focus, index);
    edit(request);
  };
  /** Back to the plain row; `refocus` when the user left with Escape (not by clicking elsewhere). */
  const idle = (refocus: boolean): void => {
    setMode('idle');
    if (refocus) focusCheckbox();
  };
  const actions: { label: string; run: () => void; disabled: boolean }[] = [
    { label: s.markCompleted, run: () => act({ kind: 'status', content, status: 'completed' }), disabled: todo.status === 'completed' },
    { label: s.markInProgress, run: () => act({ kind: 'status', content, status: 'in_progress' }), disabled: todo.status === 'in_progress' },
    { label: s.markPending, run: () => act({ kind: 'status', content, status: 'pending' }), disabled: todo.status === 'pending' },
    { label: s.editText, run: () => setMode('text'), disabled: false },
    { label: s.addItem, run: () => setMode('add'), disabled: false },
    { label: s.removeItem, run: () => act({ kind: 'remove', content }), disabled: false },
    { label: s.moveUp, run: () => act({ kind: 'move', content, by: -1 }), disabled: index === 0 },
    { label: s.moveDown, run: () => act({ kind: 'move', content, by: 1 }), disabled: index === count - 1 },
  ];

  const onKeyDown = (event: KeyboardEvent): void => {
    if (mode === 'text' || mode === 'add' || mode === 'menu') return; // the input or the menu has its own keys
    const key = event.key;
    const run = (f: () => void): void => {
      event.preventDefault();
      f();
    };
    if (event.altKey && key === 'ArrowUp' && index > 0) run(actions[6]!.run);
    else if (event.altKey && key === 'ArrowDown' && index < count - 1) run(actions[7]!.run);
    else if (key === 'ArrowUp' || key === 'ArrowDown') run(() => focusSibling(row.current, key === 'ArrowUp' ? -1 : 1));
    else if (key === 'F2') run(() => setMode('text'));
    else if (key === 'Insert') run(() => setMode('add'));
    else if (key === 'Delete') run(actions[5]!.run);
    else if ((event.shiftKey && key === 'F10') || key === 'ContextMenu') run(() => setMode('menu'));
  };

  const name = format(s.itemActions, content);
  return (
    <>
      <li ref={row} class={`plan-item status-${todo.status}`} data-status={todo.status} data-testid="plan-strip-item" onKeyDown={onKeyDown}>
        <input
          type="checkbox"
          class="plan-check"
          checked={todo.status === 'completed'}
          aria-describedby={PLAN_KEYS_ID}
          data-content={content}
          onChange={(event) => {
            const box = event.currentTarget;
            const completed = box.checked;
            box.checked = todo.status === 'completed'; // the host's next plan says what it is
            act({ kind: 'status', content, status: completed ? 'completed' : 'pending' });
          }}
          id={`plan-check-${index}`}
        />
        {todo.status === 'in_progress' && <Icon name={glyph} />}
        {mode === 'text' ? (
          <TextInput label={format(s.editTextOf, content)} initial={content} submit={(text) => (text !== content ? act({ kind: 'text', content, text }, text) : idle(true))} cancel={idle} />
        ) : (
          <label class="plan-item-label" for={`plan-check-${index}`}>
            <span class="plan-item-content">{content}</span>
            <span class="visually-hidden">, {statusText}</span>
          </label>
        )}
        <IconButton icon="ellipsis" label={name} class="plan-row-menu" aria-haspopup="menu" aria-expanded={mode === 'menu'} onClick={() => setMode(mode === 'menu' ? 'idle' : 'menu')} />
        {mode === 'menu' && (
          <RowMenu label={name} actions={actions} close={idle} />
        )}
      </li>
      {mode === 'add' && (
        <li class="plan-item-new">
          <TextInput label={s.newItem} initial="" submit={(text) => act({ kind: 'add', text, index: index + 1 }, text)} cancel={idle} />
        </li>
      )}
    </>
  );
}

/** An inline text box (also the strip's Add Item… at the end): Enter hands in its trimmed text (empty: cancel), Escape cancels and refocuses the row, leaving it cancels. */
export function TextInput({ label, initial, submit, cancel }: { label: string; initial: string; submit: (text: string) => void; cancel: (refocus: boolean) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const finished = useRef(false);
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.value = initial; // set once: a plan arriving while the user types must not reset the text
    box.focus();
    box.select();
  }, []);
  const finish = (f: () => void): void => {
    if (finished.current) return;
    finished.current = true;
    f();
  };
  return (
    <input
      ref={input}
      type="text"
      class="plan-text-input"
      aria-label={label}
     
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          const text = event.currentTarget.value.trim();
          finish(() => (text ? submit(text) : cancel(true)));
        } else if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          finish(() => cancel(true));
        }
      }}
      onBlur={() => finish(() => cancel(false))}
    />
  );
}

/** The row's actions as a menu: focus on the first enabled one, Up/Down/Home/End move, Escape or Tab closes. */
function RowMenu({ label, actions, close }: { label: string; actions: { label: string; run: () => void; disabled: boolean }[]; close: (refocus: boolean) => void }) {
  const menu = useRef<HTMLDivElement>(null);
  const items = (): HTMLButtonElement[] => [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? [])];
  useEffect(() => items()[0]?.focus(), []);
  const onKeyDown = (event: KeyboardEvent): void => {
    const all = items();
    const at = all.indexOf(event.target as HTMLButtonElement);
    const to = (i: number): void => {
      event.preventDefault();
      all[(i + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') to(at + 1);
    else if (event.key === 'ArrowUp') to(at - 1);
    else if (event.key === 'Home') to(0);
    else if (event.key === 'End') to(all.length - 1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    }
  };
  const onFocusOut = (event: FocusEvent): void => {
    const to = event.relatedTarget as Node | null;
    if (!to || !menu.current?.contains(to)) close(false); // clicked or tabbed away
  };
  return (
    <div ref={menu} class="plan-menu" role="menu" aria-label={label} onKeyDown={onKeyDown} onFocusOut={onFocusOut}>
      {actions.map((a) => (
        <button key={a.label} type="button" role="menuitem" class="plan-menu-item" disabled={a.disabled} onClick={a.run}>
          {a.label}
        </button>
      ))}
    </div>
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
