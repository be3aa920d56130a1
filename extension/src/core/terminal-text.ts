// Text from the model, a tool or a log, made safe to print on a terminal: every
// character a terminal would act on instead of show is replaced by a visible stand-in,
// so what the user reads is what is there (an approval prompt cannot be redrawn, the
// clipboard cannot be written through OSC 52, no text can be hidden or reordered).
//
//   ESC                   -> ␛        (so `\x1b[2K` reads `␛[2K`)
//   CR                    -> \r
//   other C0, DEL, C1     -> \xNN     (BEL -> \x07, DEL -> \x7f, CSI U+009B -> \x9b)
//   bidi controls         -> \u{NNNN} (U+061C, U+200E/F, U+202A–U+202E, U+2066–U+2069)
//   LF, TAB               -> kept when `keepLayout` (streamed text, multi-line details), else \n, \t
//
// Printable text, backslashes included, is left as it is.

const ESC = '\u001b';

// C0 (U+0000–U+001F), DEL and C1 (U+007F–U+009F), and the bidi embedding, override,
// isolate and mark characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

function standIn(char: string, keepLayout: boolean): string {
  if (char === ESC) return '␛';
  if (char === '\r') return '\\r';
  if (char === '\n') return keepLayout ? '\n' : '\\n';
  if (char === '\t') return keepLayout ? '\t' : '\\t';
  const code = char.charCodeAt(0);
  return code <= 0xff ? `\\x${hex(code, 2)}` : `\\u{${hex(code, 4)}}`;
}

/** `text` with every terminal control character shown visibly; see the table above. */
export function visibleControls(text: string, options: { keepLayout: boolean } = { keepLayout: true }): string {
  return text.replace(CONTROL, (char) => standIn(char, options.keepLayout));
}
