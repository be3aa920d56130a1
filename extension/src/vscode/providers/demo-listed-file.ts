// The file the demo model reads: its script names `{listedFile}` where a path goes,
// and the demo fills in a file from the latest list_files result in the request, so
// its "read a file" item reads a real file of the user's workspace. A README is
// preferred; folders, symbolic links and the listing's notes are never chosen. With
// no file listed (an empty folder), the placeholder becomes README.md and the read
// fails as any read of a missing file does: still a call the item made.
import type { Message } from '../../core/agent/derive-messages';
import { LIST_FILES_TOOL_NAME } from '../../core/tools/list-files/list-files-signature';
import type { ScriptedResponse } from '../../core/agent/providers/scripted';

const LISTED_FILE_PLACEHOLDER = '{listedFile}';
const NO_FILE_LISTED = 'README.md';

/** The plain files a list_files result names (no folders, links or notes). */
function listedFiles(content: string): string[] {
  return content
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/') && !line.endsWith(')') && !line.startsWith('['));
}

/** The result of the latest list_files call among the messages; null when there is none. */
function latestListing(messages: readonly Message[]): string | null {
  const listCalls = new Set<string>();
  for (const message of messages) {
    if (message.role !== 'assistant') continue;
    for (const block of message.content)
      if (block.type === 'tool-call' && block.name === LIST_FILES_TOOL_NAME) listCalls.add(block.id);
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i];
    if (message?.role === 'tool' && !message.isError && listCalls.has(message.callId)) return message.content;
  }
  return null;
}

/** The file the demo reads next: a README if one was listed, else the first file listed. */
function demoListedFile(messages: readonly Message[]): string {
  const files = listedFiles(latestListing(messages) ?? '');
  return files.find((f) => /(^|\/)readme(\.[^/]*)?$/i.test(f)) ?? files[0] ?? NO_FILE_LISTED;
}

/** The response with every `{listedFile}` in its calls' string arguments filled in. */
export function withListedFile(response: ScriptedResponse, messages: readonly Message[]): ScriptedResponse {
  const calls = response.toolCalls;
  if (calls === undefined || !JSON.stringify(calls).includes(LISTED_FILE_PLACEHOLDER)) return response;
  const file = demoListedFile(messages);
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return value.split(LISTED_FILE_PLACEHOLDER).join(file);
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return { ...response, toolCalls: calls.map((call) => ({ ...call, arguments: fill(call.arguments) })) };
}
