// The first line of every session log.
import * as z from 'zod/mini';
import { sessionSourceSchema, type SessionSource } from './source';

/** The newest log format this build writes and reads. Bump on incompatible change. */
export const LOG_FORMAT_VERSION = 1;

export const sessionHeaderSchema = z.object({
  type: z.literal('session'),
  version: z.number().check(z.int(), z.minimum(1)),
  id: z.string().check(z.regex(/^[A-Za-z0-9._-]+$/, 'session ids are letters, digits, dot, dash and underscore')),
  createdAt: z.string(),
  cwd: z.exactOptional(z.string()),
  parent: z.exactOptional(z.strictObject({ sessionId: z.string(), callId: z.string() })),
  title: z.exactOptional(z.string()),
  /** Who writes this log (absent in logs written before sources were recorded). */
  source: sessionSourceSchema,
});
export type SessionHeader = z.infer<typeof sessionHeaderSchema>;

/** Another agent's session made ours (imported or followed): its comments and checks live in side logs. */
export function keptBeside(header: SessionHeader): boolean {
  return header.source?.kind === 'imported';
}

export function newSessionId(now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  return `${stamp}-${Math.random().toString(36).slice(2, 8)}`;
}

export function makeHeader(opts: {
  id?: string;
  cwd?: string;
  parent?: { sessionId: string; callId: string };
  title?: string;
  source?: SessionSource;
  now?: Date;
}): SessionHeader {
  const now = opts.now ?? new Date();
  const header: SessionHeader = {
    type: 'session',
    version: LOG_FORMAT_VERSION,
    id: opts.id ?? newSessionId(now),
    createdAt: now.toISOString(),
  };
  if (opts.cwd !== undefined) header.cwd = opts.cwd;
  if (opts.parent !== undefined) header.parent = opts.parent;
  if (opts.title !== undefined) header.title = opts.title;
  if (opts.source !== undefined) header.source = opts.source;
  return header;
}
