// What the CLI's board reads of a repository's `.vscode/settings.json` (the editor's
// workspace settings, JSON with comments and trailing commas): `agentChecklist.planFile`
// and `agentChecklist.stallMinutes`. Each is checked on its own against the setting's
// rules (package.json): a missing or invalid one is absent, the other still read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { parseJson } from '../store/parse-json';

export interface RepoSettings {
  planFile?: string;
  stallMinutes?: number;
}

const planFileSchema = z.string();
const stallMinutesSchema = z.number().check(z.minimum(0), z.maximum(1440));
/** More than a settings file holds: a larger one is read as having none of ours. */
const MAX_BYTES = 1 << 20;

export function readRepoSettings(repo: string): RepoSettings {
  const json = settingsJson(path.join(repo, '.vscode', 'settings.json'));
  if (typeof json !== 'object' || json === null) return {};
  const entries = new Map(Object.entries(json));
  const planFile = planFileSchema.safeParse(entries.get('agentChecklist.planFile'));
  const stall = stallMinutesSchema.safeParse(entries.get('agentChecklist.stallMinutes'));
  const named = planFile.success ? planFile.data.trim() : '';
  return {
    ...(named === '' ? {} : { planFile: named }),
    ...(stall.success ? { stallMinutes: stall.data } : {}),
  };
}

function settingsJson(file: string): unknown {
  try {
    if (fs.statSync(file).size > MAX_BYTES) return undefined;
    return parseJson(withoutComments(fs.readFileSync(file, 'utf8')));
  } catch {
    return undefined;
  }
}

/** VS Code's settings are JSON with comments and trailing commas: both dropped, strings kept as they are. */
function withoutComments(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close === -1 ? text.length : close + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, '$1');
}

/** The index just after the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i + 1;
  }
  return text.length;
}
