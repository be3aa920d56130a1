/** @jsxRuntime automatic @jsxImportSource preact */
// The plan row's editing controls, a lazily loaded chunk (dist/webview/plan-row-edit.js,
// lazy-views.tsx): the inline text box of Edit Text… / Add Item…, the row's menu and the
// Add Item… row that ends the list.
// Only a session this window writes has them, and the strip starts loading this
// chunk when it is expanded there. Imports values from chunk-api only (main's preact).
import { Icon, post, useEffect, useRef, useStrings } from '../chunk-api';
import type { PlanEdit, PlanItemView } from '@core/protocol/messages';
import type { RowMode } from './plan-row';
import type { FocusLater } from './plan-strip-parts';

export interface RowMenuProps {
  label: string;
  todo: PlanItemView;
  index: number;
  count: number;
  /** Posts one edit of this row (and closes the menu). */
  act: (request: PlanEdit) => void;
  setMode: (mode: RowMode) => void;
  close: (refocus: boolean) => void;
}

/**
 * An inline text box (also the strip's Add Item… at the end): Enter hands in its trimmed text (empty: cancel), Escape
 * cancels and refocuses the row, leaving it cancels.
 */
export function TextInput({
  label,
  initial,
  submit,
  cancel,
}: {
  label: string;
  initial: string;
  submit: (text: string) => void;
  cancel: (refocus: boolean) => void;
}) {
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

/** The menu's actions on this row, in the Plan tree's order: its name, what it does, whether it is disabled. */
function useRowActions({ todo, index, count, act, setMode, close }: Omit<RowMenuProps, 'label'>) {
  const s = useStrings();
  const { content } = todo;
  const status = (to: PlanItemView['status']) => () => act({ kind: 'status', content, status: to });
  const actions: [string, () => void, boolean][] = [
    [s.markCompleted, status('completed'), todo.status === 'completed'],
    [s.markInProgress, status('in_progress'), todo.status === 'in_progress'],
    [s.markPending, status('pending'), todo.status === 'pending'],
    [s.editText, () => setMode('text'), false],
    [s.commentItem, () => setMode('comment'), false],
    [s.addItem, () => setMode('add'), false],
    [s.removeItem, () => act({ kind: 'remove', content }), false],
    [s.moveUp, () => act({ kind: 'move', content, by: -1 }), index === 0],
    [s.moveDown, () => act({ kind: 'move', content, by: 1 }), index === count - 1],
    [s.startItem, () => (post({ type: 'startItem', content }), close(true)), todo.status === 'completed'],
    [s.runAll, () => (post({ type: 'runAll' }), close(true)), false],
    [s.continuePlan, () => (post({ type: 'continuePlan' }), close(true)), false],
  ];
  return actions;
}

/**
 * Every action of the Plan tree on this row, as a menu: focus on the first enabled one, Up/Down/Home/End move, Escape
 * or Tab closes.
 */
export function RowMenu({ label, todo, index, count, act, setMode, close }: RowMenuProps) {
  const actions = useRowActions({ todo, index, count, act, setMode, close });
  const menu = useRef<HTMLDivElement>(null);
  /** An action was chosen: the focus leaving the menu as it closes is not the user leaving it. */
  const chosen = useRef(false);
  const items = (): HTMLButtonElement[] => [
    ...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not([disabled])') ?? []),
  ];
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
    if (chosen.current) return;
    if (!to || !menu.current?.contains(to)) close(false); // clicked or tabbed away
  };
  return (
    <div ref={menu} class="plan-menu" role="menu" aria-label={label} onKeyDown={onKeyDown} onFocusOut={onFocusOut}>
      {actions.map(([name, run, disabled]) => (
        <button
          key={name}
          type="button"
          role="menuitem"
          class="plan-menu-item"
          disabled={disabled}
          onClick={() => {
            chosen.current = true;
            run();
          }}
        >
          {name}
        </button>
      ))}
    </div>
  );
}

export interface AddItemRowProps {
  /** Where the new item lands (the plan's length), for the focus after it. */
  index: number;
  adding: boolean;
  setAdding: (adding: boolean) => void;
  focusLater: FocusLater;
}

/** The list's last row: Add Item…, which becomes a text box that appends an item by a user edit. */
export function AddItemRow({ index, adding, setAdding, focusLater }: AddItemRowProps) {
  const s = useStrings();
  return (
    <li class="plan-item-new">
      {adding ? (
        <TextInput
          label={s.newItem}
          initial=""
          submit={(text) => {
            setAdding(false);
            focusLater(text, index);
            post({ type: 'editPlan', edit: { kind: 'add', text } });
          }}
          cancel={() => setAdding(false)}
        />
      ) : (
        <button type="button" class="plan-add" onClick={() => setAdding(true)}>
          <Icon name="add" /> {s.addItem}
        </button>
      )}
    </li>
  );
}
