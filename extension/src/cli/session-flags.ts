// Flags more than one command reads the same way: the session folder, a session id and true|false.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { UsageError } from './usage';
import type { CliIo } from './io';

/** The session folder a flag names; a path that exists and is not a folder is a usage error. */
export function sessionFolder(io: CliIo, flag: string | undefined): string {
  const dir = path.resolve(io.cwd, flag ?? '.agent-checklist/sessions');
  let stat: fs.Stats | undefined;
  try {
    stat = fs.statSync(dir);
  } catch {
    stat = undefined; // created on the first append
  }
  if (stat !== undefined && !stat.isDirectory())
    throw new UsageError(`--session-dir ${JSON.stringify(flag ?? dir)} is not a folder (${dir})`);
  return dir;
}

export function parseBool(flag: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`${flag} must be true or false (got ${JSON.stringify(value)})`);
}

/** A session id names a file in the session folder: no separators, no `..`. */
const SESSION_ID = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._-]*$/;

export function isSessionId(text: string): boolean {
  return SESSION_ID.test(text);
}
