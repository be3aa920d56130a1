// Glob patterns for list_files, matched against `/`-separated paths relative to the
// listing folder. `**` any number of folders, `*` any characters but `/`, `?` one
// character but `/`, `{a,b}` alternatives, `[abc]` / `[!abc]` a character class.
// A pattern without `/` matches the file NAME at any depth (`*.ts` finds every .ts
// file), the way people usually mean it; with a `/` it matches the whole relative path.
import { brandedError, errorGuard } from '../error-brand';

export class GlobError extends brandedError('GlobError') {}

/** Whether `value` is a GlobError, whichever bundle's copy of the class made it. */
export const isGlobError = errorGuard<GlobError>('GlobError');

function escape(ch: string): string {
  return /[\\^$.*+?()[\]{}|/]/.test(ch) ? `\\${ch}` : ch;
}

function translate(glob: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        const atStart = i === 0 || glob[i - 1] === '/';
        const atEnd = i + 2 === glob.length || glob[i + 2] === '/';
        if (atStart && atEnd) {
          // `**/` = zero or more folders; a final `**` = anything below.
          if (glob[i + 2] === '/') {
            out += '(?:[^/]*/)*';
            i += 2;
          } else {
            out += '.*';
            i += 1;
          }
          continue;
        }
      }
      out += '[^/]*';
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) throw new GlobError(`unclosed [ in glob ${JSON.stringify(glob)}`);
      let body = glob.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      out += `[${negate ? '^' : ''}${body.replace(/\\/g, '\\\\').replace(/\//g, '')}]`;
      i = close;
    } else if (ch === '{') {
      depth++;
      out += '(?:';
    } else if (ch === '}' && depth > 0) {
      depth--;
      out += ')';
    } else if (ch === ',' && depth > 0) {
      out += '|';
    } else if (ch === '\\' && i + 1 < glob.length) {
      out += escape(glob[++i]!);
    } else {
      out += escape(ch);
    }
  }
  if (depth > 0) throw new GlobError(`unclosed { in glob ${JSON.stringify(glob)}`);
  return out;
}

/** A matcher for `/`-separated relative paths; throws GlobError for a malformed pattern. */
export function globMatcher(glob: string): (relativePath: string) => boolean {
  const trimmed = glob.replace(/^\.\//, '');
  const nameOnly = !trimmed.includes('/');
  const re = new RegExp(`^${translate(trimmed)}$`);
  return (relativePath) => re.test(nameOnly ? relativePath.slice(relativePath.lastIndexOf('/') + 1) : relativePath);
}
