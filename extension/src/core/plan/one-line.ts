// Text from the model, made safe for one line of terminal or Markdown output: a todo's
// content may hold anything, and printed raw it could drive the terminal (ESC and OSC
// sequences: colours, titles, hyperlinks, clearing the screen) or forge rows (a
// newline followed by `[x] done`). Every C0/C1 control character, DEL, the line and
// paragraph separators and the bidirectional overrides (which can make text read
// differently than it is) become visible escapes; everything else is kept as is.
// No imports: both bundles may take it.

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function oneLine(text: string): string {
  return text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
