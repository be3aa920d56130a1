// A .tsx file (no JSX in it) so that the DOM-typed webview tsconfig checks it, not the root one.
// Finds elements as a screen reader user does: by role and accessible name (or by the
// text a reader sees), never by a test-only attribute. A small subset of WAI-ARIA's
// implicit roles and of the accessible name computation (accname 1.2), enough for the
// markup the Agent view renders: an element it does not know has only its explicit
// `role`. Elements hidden from assistive technology (`aria-hidden="true"`, `hidden`)
// are not found, as a reader does not find them.

/** The implicit role of the elements the page uses (an explicit `role` wins). */
function implicitRole(el: Element): string | null {
  const tag = el.tagName.toLowerCase();
  switch (tag) {
    case 'button':
      return 'button';
    case 'a':
      return el.hasAttribute('href') ? 'link' : null;
    case 'input': {
      const type = (el.getAttribute('type') ?? 'text').toLowerCase();
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'button' || type === 'submit' || type === 'reset') return 'button';
      return type === 'hidden' ? null : 'textbox';
    }
    case 'textarea':
      return 'textbox';
    case 'select':
      return el.hasAttribute('multiple') ? 'listbox' : 'combobox';
    case 'option':
      return 'option';
    case 'ul':
    case 'ol':
      return 'list';
    case 'li':
      return 'listitem';
    case 'h1':
    case 'h2':
    case 'h3':
    case 'h4':
    case 'h5':
    case 'h6':
      return 'heading';
    case 'section':
      // A section is a region only when it has a name.
      return el.hasAttribute('aria-label') || el.hasAttribute('aria-labelledby') ? 'region' : null;
    case 'details':
    case 'fieldset':
      return 'group';
    case 'dialog':
      return 'dialog';
    case 'article':
      return 'article';
    case 'header':
      return el.parentElement?.closest('article, aside, main, nav, section') ? null : 'banner';
    case 'form':
      return 'form';
    default:
      return null;
  }
}

function roleOf(el: Element): string | null {
  return el.getAttribute('role')?.trim().split(/\s+/)[0] || implicitRole(el);
}

/** Roles whose name comes from their content when nothing names them otherwise. */
const NAME_FROM_CONTENT = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'heading',
  'option',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'tab',
  'treeitem',
  'cell',
  'switch',
  'tooltip',
]);

function hiddenFromReaders(el: Element): boolean {
  return el.closest('[aria-hidden="true"], [hidden]') !== null;
}

/** The text of `node` a reader hears: its descendants', skipping hidden ones, an aria-label standing for its element. */
function contentText(node: Node): string {
  if (node.nodeType === 3) return node.textContent ?? '';
  if (node.nodeType !== 1) return '';
  const el = node as Element;
  if (el.getAttribute('aria-hidden') === 'true' || el.hasAttribute('hidden')) return '';
  const label = el.getAttribute('aria-label')?.trim();
  if (label) return label;
  return [...el.childNodes].map(contentText).join('');
}

const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The element's accessible name (aria-labelledby, aria-label, its <label>, its content for roles named so, its title). */
function accessibleName(el: Element): string {
  const doc = el.ownerDocument;
  const labelledBy = el.getAttribute('aria-labelledby');
  if (labelledBy) {
    const parts = labelledBy.split(/\s+/).map((id) => doc.getElementById(id));
    return squash(parts.map((part) => (part ? contentText(part) : '')).join(' '));
  }
  const label = el.getAttribute('aria-label');
  if (label?.trim()) return squash(label);
  const tag = el.tagName.toLowerCase();
  if (tag === 'input' || tag === 'select' || tag === 'textarea') {
    // Within the rendered page (a test document may hold several, each with the same ids).
    const page = el.closest('body > *') ?? doc;
    const labels = [
      ...(el.id ? page.querySelectorAll(`label[for="${el.id}"]`) : []),
      ...(el.closest('label') ? [el.closest('label')] : []),
    ];
    const named = squash(labels.map((l) => (l ? contentText(l) : '')).join(' '));
    if (named) return named;
  }
  const role = roleOf(el);
  if (role !== null && NAME_FROM_CONTENT.has(role)) {
    const content = squash(contentText(el));
    if (content) return content;
  }
  return squash(el.getAttribute('title') ?? '');
}

export interface RoleQuery {
  /** The accessible name: exactly this text, or matching this pattern. */
  name?: string | RegExp;
  /** A heading's level. */
  level?: number;
}

const matches = (actual: string, wanted: string | RegExp): boolean =>
  typeof wanted === 'string' ? actual === wanted : wanted.test(actual);

/** Every element under `root` (itself included) with `role` (and the name and level asked for), in document order. */
export function allByRole(root: Element, role: string, query: RoleQuery = {}): HTMLElement[] {
  const candidates = [root, ...root.querySelectorAll('*')];
  return candidates.filter((el): el is HTMLElement => {
    if (roleOf(el) !== role || hiddenFromReaders(el)) return false;
    if (
      query.level !== undefined &&
      Number(el.tagName.slice(1)) !== query.level &&
      Number(el.getAttribute('aria-level')) !== query.level
    )
      return false;
    return query.name === undefined || matches(accessibleName(el), query.name);
  });
}

function what(role: string, query: RoleQuery): string {
  return `${role}${query.name === undefined ? '' : ` named ${String(query.name)}`}`;
}

/** The one element with `role` (and name); null when there is none; throws when there are several. */
export function queryByRole(root: Element, role: string, query: RoleQuery = {}): HTMLElement | null {
  const found = allByRole(root, role, query);
  if (found.length > 1) throw new Error(`${found.length} elements are a ${what(role, query)}`);
  return found[0] ?? null;
}

/** The one element with `role` (and name); throws unless there is exactly one. */
export function getByRole(root: Element, role: string, query: RoleQuery = {}): HTMLElement {
  const found = queryByRole(root, role, query);
  if (!found) {
    const seen = allByRole(root, role).map((el) => JSON.stringify(accessibleName(el)));
    throw new Error(`no ${what(role, query)} (the ${role}s: ${seen.join(', ') || 'none'})`);
  }
  return found;
}

/** The innermost visible elements under `root` whose whole text (whitespace squashed) is `text` or matches it. */
function allByText(root: Element, text: string | RegExp): HTMLElement[] {
  const hit = (el: Element): boolean => !hiddenFromReaders(el) && matches(squash(el.textContent ?? ''), text);
  const candidates = [root, ...root.querySelectorAll('*')].filter(hit);
  return candidates.filter((el): el is HTMLElement => ![...el.querySelectorAll('*')].some(hit));
}

/** The one innermost element whose text is `text`; null when none; throws when several. */
export function queryByText(root: Element, text: string | RegExp): HTMLElement | null {
  const found = allByText(root, text);
  if (found.length > 1) throw new Error(`${found.length} elements read ${String(text)}`);
  return found[0] ?? null;
}

/** The one innermost element whose text is `text`; throws unless there is exactly one. */
export function getByText(root: Element, text: string | RegExp): HTMLElement {
  const found = queryByText(root, text);
  if (!found) throw new Error(`no element reads ${String(text)}`);
  return found;
}
