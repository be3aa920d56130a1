// What the model is told, once, when an item's check failed (issue 52): one user-role
// note in its next request, derived from the check/result itself (agent/derive-messages.ts
// places it after the step's tool results), so a live run, a replay and a resumed session
// tell it alike. It names the item, the command, the exit code and the output's tail.
import type { SessionEvent } from '../session/events';

type CheckResult = Extract<SessionEvent, { type: 'check/result' }>['data'];

/** The most of the output's end the note carries (lines, characters). */
const CHECK_NOTE_TAIL_LINES = 20;
const CHECK_NOTE_TAIL_CHARS = 2000;

const CHECK_NOTE_HEAD = 'The check of a todo item you marked completed failed:';

/** The note of a failed check; null when it passed (a pass is not told). */
export function checkFailedNote(result: CheckResult): string | null {
  if (result.exitCode === 0) return null;
  const exit = result.exitCode === null ? 'no exit code (timed out or cancelled)' : `exit code ${result.exitCode}`;
  const tail = outputTail(result.output);
  return [
    CHECK_NOTE_HEAD,
    `- item: ${JSON.stringify(result.item)}`,
    `- command: ${result.command}`,
    `- ${exit}`,
    ...(tail === '' ? ['(no output)'] : ['The end of its output:', '```', tail, '```']),
    'The item is not done until its check passes: reopen it with todo_write and fix what the check reports.',
  ].join('\n');
}

function outputTail(output: string): string {
  const lines = output.trimEnd().split('\n').slice(-CHECK_NOTE_TAIL_LINES).join('\n');
  return lines.length > CHECK_NOTE_TAIL_CHARS ? lines.slice(lines.length - CHECK_NOTE_TAIL_CHARS) : lines;
}
