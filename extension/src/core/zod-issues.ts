// zod issues as the text a reader gets: a JSON path the way a reader writes it, and a
// call's arguments checked with the contract's message (`invalid arguments: <what, by
// JSON path>`, which the model reads: every tool's and the plan's whole-list write).
// English messages need zod-english.ts, loaded here for its side effect.
import * as z from 'zod/mini';
import './zod-english';

/** `['todos', 0, 'status']` -> `todos[0].status`, the way a reader writes a JSON path. */
function formatZodPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? String(part) : `.${String(part)}`;
  }
  return out === '' ? '(arguments)' : out;
}

/** Each issue as `path: message`, joined by `; ` (an event's data that failed its schema). */
export function issuesText(issues: readonly z.core.$ZodIssue[]): string {
  return issues.map((i) => `${formatZodPath(i.path)}: ${i.message}`).join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const at = formatZodPath(issue.path);
  switch (issue.code) {
    case 'unrecognized_keys':
      return issue.keys.map((k) => `${formatZodPath([...issue.path, k])} is not allowed`).join('; ');
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return `${at} is required`;
      if (issue.expected === 'array') return `${at} must be an array`;
      return `${at} must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'invalid_value':
      return `${at} must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    default:
      return `${at}: ${issue.message}`;
  }
}

/** Validates arguments; on failure, the message `invalid arguments: <what, by JSON path>`. */
export function parseArguments<T>(
  schema: z.ZodMiniType<T>,
  args: unknown,
): { ok: true; value: T } | { ok: false; message: string } {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, message: `invalid arguments: ${parsed.error.issues.map(describeIssue).join('; ')}` };
}
