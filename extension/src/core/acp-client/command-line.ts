// A command line split into words as a POSIX shell splits them, without running a
// shell: blanks separate words; 'single quotes' keep everything literally; "double
// quotes" keep everything but `\"`, `\\`, `\$`, `` \` `` and a backslash-newline;
// outside quotes a backslash keeps the next character. Nothing is expanded ($VAR,
// globs, ~): the words are passed to the program as they are. An unclosed quote or a
// trailing backslash is an error, never guessed at. joinCommandLine is the inverse.
import { brandedError, errorGuard } from '../error-brand';

export class CommandLineError extends brandedError('CommandLineError') {
  constructor(message: string) {
    super(message);
    this.name = 'CommandLineError';
  }
}

/** Whether `value` is a CommandLineError, whichever bundle's copy of the class made it. */
export const isCommandLineError = errorGuard<CommandLineError>('CommandLineError');

const BLANK = /[ \t\n]/;
const DOUBLE_QUOTE_ESCAPES = new Set(['"', '\\', '$', '`']);

export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  /** A word is open (so `''` makes an empty word). */
  let open = false;
  let i = 0;
  while (i < line.length) {
    const c = line[i]!;
    if (BLANK.test(c)) {
      if (open) words.push(word);
      word = '';
      open = false;
      i++;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end === -1) throw new CommandLineError(`unclosed ' in the command line: ${line}`);
      word += line.slice(i + 1, end);
      open = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      for (;;) {
        if (i >= line.length) throw new CommandLineError(`unclosed " in the command line: ${line}`);
        const d = line[i]!;
        if (d === '"') break;
        if (d === '\\' && i + 1 < line.length && (DOUBLE_QUOTE_ESCAPES.has(line[i + 1]!) || line[i + 1] === '\n')) {
          if (line[i + 1] !== '\n') word += line[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      open = true;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= line.length) throw new CommandLineError(`the command line ends with a lone backslash: ${line}`);
      if (line[i + 1] !== '\n') {
        word += line[i + 1];
        open = true;
      }
      i += 2;
    } else {
      word += c;
      open = true;
      i++;
    }
  }
  if (open) words.push(word);
  return words;
}

/**
 * Characters a word may hold and stay unquoted: none means anything to
 * bash anywhere in a word (`=` would make a first word an assignment).
 */
const PLAIN_WORD = /^[A-Za-z0-9_./:@+,-]+$/;

/**
 * The inverse of splitCommandLine: a line that a POSIX shell (bash) splits back into
 * exactly `words`, each taken literally (a word with anything else is single-quoted,
 * its own `'` written `'\''`; an empty word is `''`).
 */
export function joinCommandLine(words: readonly string[]): string {
  return words.map((word) => (PLAIN_WORD.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(' ');
}
