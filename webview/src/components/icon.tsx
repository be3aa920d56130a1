/** @jsxRuntime automatic @jsxImportSource preact */
// A codicon, and a button that is only an icon. Icons are decorative: hidden from
// assistive technology, because every icon's meaning is also in text (a label, an
// aria-label or visually hidden words); an icon button's label is its accessible
// name and its tooltip. One component each for the page's ~30 icons keeps the markup
// (and the bundle) small.
import type { JSX } from 'preact';

/** The spinning progress icon (`name` may carry a codicon modifier). */
export const SPINNER = 'loading codicon-modifier-spin';

export function Icon({ name }: { name: string }) {
  return <span class={`codicon codicon-${name}`} aria-hidden="true" />;
}

type ButtonAttributes = Omit<JSX.HTMLAttributes<HTMLButtonElement>, 'class' | 'title' | 'type' | 'children'>;

/** `label` is the button's accessible name and tooltip; `class` adds to `icon-button`; the rest goes on the button. */
export function IconButton({ icon, label, class: extra, ...rest }: { icon: string; label: string; class?: string } & ButtonAttributes) {
  return (
    <button type="button" class={extra ? `icon-button ${extra}` : 'icon-button'} title={label} aria-label={label} {...rest}>
      <Icon name={icon} />
    </button>
  );
}
