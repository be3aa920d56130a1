/** @jsxRuntime automatic @jsxImportSource preact */
// A codicon, a button that is only an icon, and a link-styled button that posts one
// message. Icons are decorative: hidden from assistive technology, because every
// icon's meaning is also in text (a label, an aria-label or visually hidden words); an
// icon button's label is its accessible name and its tooltip. One component each for
// the page's ~30 icons and its repeated buttons keeps the markup (and the bundle) small.
import type { ComponentChildren, JSX } from 'preact';
import type { WebviewMessage } from '@core/protocol/messages';
import { post } from '../vscode-api';

/** The spinning progress icon (`name` may carry a codicon modifier). */
export const SPINNER = 'loading codicon-modifier-spin';

export function Icon({ name }: { name: string }) {
  return <span class={`codicon codicon-${name}`} aria-hidden="true" />;
}

type ButtonAttributes = Omit<JSX.HTMLAttributes<HTMLButtonElement>, 'class' | 'title' | 'type' | 'children'>;

/** `label` is the button's accessible name and tooltip; `class` adds to `icon-button`; the rest goes on the button. */
export function IconButton({
  icon,
  label,
  class: extra,
  ...rest
}: { icon: string; label: string; class?: string } & ButtonAttributes) {
  return (
    <button
      type="button"
      class={extra ? `icon-button ${extra}` : 'icon-button'}
      title={label}
      aria-label={label}
      {...rest}
    >
      <Icon name={icon} />
    </button>
  );
}

/**
 * A button that reads as a link and posts `message` to the host; `class` adds to `link-button`, the rest goes on the
 * button.
 */
export function LinkButton({
  message,
  class: extra,
  children,
  ...rest
}: { message: WebviewMessage; class?: string; children: ComponentChildren } & Omit<ButtonAttributes, 'onClick'>) {
  return (
    <button
      type="button"
      class={extra ? `link-button ${extra}` : 'link-button'}
      onClick={() => post(message)}
      {...rest}
    >
      {children}
    </button>
  );
}
