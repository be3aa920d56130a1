/** @jsxRuntime automatic @jsxImportSource preact */
// The plan row's editing controls, a lazily loaded chunk (dist/webview/plan-row-edit.js,
// lazy-views.tsx): the inline text box of Edit Text… / Add Item…, the row's menu and the
// Add Item… row that ends the list. Only a session this window writes has them (the strip
// loads this chunk when it is expanded there); a followed session's rows (comments kept
// beside it) have a menu of Comment on Item… alone. Imports values from chunk-api only.
import { format, Icon, post, useEffect, useRef, useState, useStrings } from '../chunk-api';
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
  /** In place of every action of the Plan tree (a followed session's row: Comment on Item… alone). */
  only?: RowAction[];
}

/** A menu action: its name, what it does, whether it is disabled. */
type RowAction = [string, () => void, boolean];

/** An inline text box: Enter hands in its trimmed text (empty: cancel), Escape cancels and refocuses; blur cancels. */
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
function useRowActions({ todo, index, count, act, setMode, close }: Omit<RowMenuProps, 'label'>): RowAction[] {
  const s = useStrings();
  const { content } = todo;
  const status = (to: PlanItemView['status']) => () => act({ kind: 'status', content, status: to });
  // Items' checks: the same commands as the Plan tree's, naming the item by its itemId where it has one.
  const check = (action: 'set' | 'remove' | 'run') => () => (
    post({ type: 'checkItem', action, content, ...(todo.itemId === undefined ? {} : { itemId: todo.itemId }) }),
    close(true)
  );
  return [
    [s.markCompleted, status('completed'), todo.status === 'completed'],
    [s.markInProgress, status('in_progress'), todo.status === 'in_progress'],
    [s.markPending, status('pending'), todo.status === 'pending'],
    [s.editText, () => setMode('text'), false],
    [s.commentItem, () => setMode('comment'), false],
    [s.addItem, () => setMode('add'), false],
    [s.removeItem, () => act({ kind: 'remove', content }), false],
    [s.moveUp, () => act({ kind: 'move', content, by: -1 }), index === 0],
    [s.moveDown, () => act({ kind: 'move', content, by: 1 }), index === count - 1],
    [s.setCheck, check('set'), false],
    [s.removeCheck, check('remove'), !todo.check],
    [s.runCheck, check('run'), !todo.check],
    [s.startItem, () => (post({ type: 'startItem', content }), close(true)), todo.status === 'completed'],
    [s.runAll, () => (post({ type: 'runAll' }), close(true)), false],
    [s.runParallel, () => (post({ type: 'runParallel' }), close(true)), false],
    [s.continuePlan, () => (post({ type: 'continuePlan' }), close(true)), false],
  ];
}

/** The Plan tree's actions on this row as a menu: focus on the first enabled; arrows, Home, End move; Escape closes. */
export function RowMenu({ label, todo, index, count, act, setMode, close, only }: RowMenuProps) {
  const all = useRowActions({ todo, index, count, act, setMode, close });
  const actions = only ?? all;
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

/** The list's last row: Add Item…, a text box appending an item (at `index`, the plan's length: the focus after). */
export function AddItemRow(props: {
  index: number;
  adding: boolean;
  setAdding: (on: boolean) => void;
  focusLater: FocusLater;
}) {
  const { index, adding, setAdding, focusLater } = props;
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

/** A followed agent's read-only row's menu (its comments kept beside it): Comment on Item… alone. */
function CommentMenu({ todo }: { todo: PlanItemView }) {
  const s = useStrings();
  const [mode, setMode] = useState<RowMode>('idle');
  const button = useRef<HTMLButtonElement>(null);
  const { content } = todo;
  const name = format(s.itemActions, content);
  const idle = (refocus: boolean): void => {
    setMode('idle');
    if (refocus) button.current?.focus();
  };
  const only: RowAction[] = [[s.commentItem, () => setMode('comment'), false]];
  const menu = { label: name, todo, index: 0, count: 1, act: () => undefined, setMode, close: idle, only };
  return (
    <>
      <button
        ref={button}
        type="button"
        class="icon-button plan-row-menu"
        title={name}
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={mode === 'menu'}
        onClick={() => setMode(mode === 'menu' ? 'idle' : 'menu')}
      >
        <Icon name="ellipsis" />
      </button>
      {mode === 'menu' && <RowMenu {...menu} />}
      {mode === 'comment' && <CommentInput content={content} idle={idle} />}
    </>
  );
}

/** Comment on Item…: given `todo`, a followed row's menu; given `content`, the text box under an editable row. */
export function Commenting(props: { todo: PlanItemView } | { content: string; idle: (refocus: boolean) => void }) {
  return 'todo' in props ? (
    <CommentMenu todo={props.todo} />
  ) : (
    <li class="plan-item-new">
      <CommentInput {...props} />
    </li>
  );
}

/** Comment on Item…'s text box: its text is posted as `commentItem`. */
function CommentInput({ content, idle }: { content: string; idle: (refocus: boolean) => void }) {
  const s = useStrings();
  return (
    <TextInput
      label={format(s.commentOn, content)}
      initial=""
      submit={(text) => {
        idle(true);
        post({ type: 'commentItem', content, text });
      }}
      cancel={idle}
    />
  );
}
