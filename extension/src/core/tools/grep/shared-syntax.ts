// Patterns that mean the same to ripgrep's regex engine (Rust's regex crate) and to
// RE2, line by line: for those, a line rg reports matches in RE2 too, so rg-search.ts
// takes rg's word for it and RE2 is not loaded (its wasm's load and first compile are
// most of a regex search's fixed cost). Deliberately small: characters that stand for
// themselves, metacharacters escaped, `.`, a class of plain characters and ASCII
// ranges, `*` `+` `?` after one of those, `^` first and `$` last. No group,
// alternation, brace, flag, `\d`-like class, word boundary or Unicode property: where
// the two engines differ (Unicode `\d` `\w` `\b` in Rust, nested classes and `&&`,
// `\<`, case folding, repetition limits), RE2 still checks every line. A pattern of
// this grammar is also one RE2 accepts, so skipping its compile hides no error.
// What a line must be for rg's word to stand (no `\r` cut, nothing redacted, valid
// UTF-8) is line-scan.ts's check.

/** Metacharacters that stand for themselves once escaped, in both engines. */
const ESCAPABLE = new Set(['\\', '.', '+', '*', '?', '(', ')', '|', '[', ']', '{', '}', '^', '$']);
/** Inside a class, Rust's set operations (`&&`, `--`, `~~`) and a `-` that is not a range's. */
const CLASS_SPECIAL = new Set([...ESCAPABLE, '&', '~', '-']);
const QUANTIFIERS = new Set(['*', '+', '?']);
const ASCII_ALNUM = /^[A-Za-z0-9]$/;

const isLoneSurrogate = (ch: string): boolean => ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF';

/** A character that stands for itself outside a class (`inClass` false) or inside one. */
const plain = (ch: string, inClass: boolean): boolean =>
  !(inClass ? CLASS_SPECIAL : ESCAPABLE).has(ch) && !isLoneSurrogate(ch) && ch !== '\n' && ch !== '\r';

/** Index just past the simple class opening at `chars[at]` (`[`), or -1 when it is not one. */
function simpleClassEnd(chars: readonly string[], at: number): number {
  let i = at + 1;
  if (chars[i] === '^') i++;
  let items = 0;
  while (i < chars.length && chars[i] !== ']') {
    const ch = chars[i]!;
    if (ch === '\\') {
      if (!ESCAPABLE.has(chars[i + 1] ?? '')) return -1;
      i += 2;
    } else if (chars[i + 1] === '-' && chars[i + 2] !== undefined && chars[i + 2] !== ']') {
      const to = chars[i + 2]!;
      if (!ASCII_ALNUM.test(ch) || !ASCII_ALNUM.test(to) || ch > to) return -1;
      i += 3;
    } else if (plain(ch, true)) i++;
    else return -1;
    items++;
  }
  return items > 0 && i < chars.length ? i + 1 : -1;
}

/** Whether `pattern` is in the grammar both engines read alike (above). */
export function sharedSyntax(pattern: string): boolean {
  const chars = [...pattern];
  let i = chars[0] === '^' ? 1 : 0;
  const end = chars.length > i && chars.at(-1) === '$' && chars.at(-2) !== '\\' ? chars.length - 1 : chars.length;
  while (i < end) {
    const ch = chars[i]!;
    if (ch === '\\') {
      if (!ESCAPABLE.has(chars[i + 1] ?? '')) return false;
      i += 2;
    } else if (ch === '[') {
      const after = simpleClassEnd(chars, i);
      if (after === -1 || after > end) return false;
      i = after;
    } else if (ch === '.' || plain(ch, false)) i++;
    else return false;
    if (i < end && QUANTIFIERS.has(chars[i]!)) i++;
  }
  return i === end;
}
