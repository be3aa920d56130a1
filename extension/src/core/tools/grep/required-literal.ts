// The cheap prefilter before the regex: a run of plain characters that every match of a
// pattern must contain, so a block of a file without it is never decoded nor handed to
// RE2. Conservative by construction: only characters outside any group or class, not
// made optional by a quantifier after them; a pattern with an alternation or a flag
// group (`(?i)` changes what a literal matches) has none. null: search every line.
// A pattern with no metacharacter at all is a plain literal: it matches exactly the
// lines that contain it, with no regex engine (run-search.ts).

const METACHARS = new Set(['.', '^', '$', '*', '+', '?', '(', ')', '[', ']', '{', '}', '|', '\\']);
const OPTIONAL_AFTER = new Set(['?', '*', '{']);
/** Shorter runs find too many candidate lines to pay for their own search. */
const MIN_LITERAL_LENGTH = 2;

/** Index just past the class that opens at `at` (`[`), or the pattern's end. */
function classEnd(pattern: string, at: number): number {
  let i = at + 1;
  if (pattern[i] === '^') i++;
  if (pattern[i] === ']') i++;
  for (; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ']') return i + 1;
  }
  return pattern.length;
}

/** The longest run of characters every match contains, or null. */
export function requiredLiteral(pattern: string): string | null {
  if (pattern.includes('|') || pattern.includes('(?')) return null;
  let best = '';
  let run = '';
  let depth = 0;
  const close = (): void => {
    if (run.length > best.length) best = run;
    run = '';
  };
  for (let i = 0; i < pattern.length;) {
    const ch = pattern[i]!;
    const next = pattern[i + 1];
    let literal: string | null = null;
    let width = 1;
    if (ch === '\\') {
      width = 2;
      // An escaped punctuation character stands for itself; `\d`, `\b`, `\n`… do not.
      if (next !== undefined && !/[\p{L}\p{N}]/u.test(next)) literal = next;
    } else if (ch === '[') width = classEnd(pattern, i) - i;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (!METACHARS.has(ch)) {
      const code = pattern.codePointAt(i)!;
      width = code > 0xffff ? 2 : 1;
      literal = pattern.slice(i, i + width);
    }
    const after = pattern[i + width];
    if (literal === null || depth > 0) close();
    else if (after !== undefined && OPTIONAL_AFTER.has(after)) close();
    else {
      run += literal;
      if (after === '+') close();
    }
    i += width;
  }
  close();
  return best.length >= MIN_LITERAL_LENGTH ? best : null;
}

const isLoneSurrogate = (ch: string): boolean => ch.length === 1 && ch >= '\uD800' && ch <= '\uDFFF';

/** Whether every character of `pattern` stands for itself in RE2 (no metacharacter, no lone surrogate). */
export function isPlainLiteral(pattern: string): boolean {
  for (const ch of pattern) if (METACHARS.has(ch) || isLoneSurrogate(ch)) return false;
  return true;
}
