// A verified index: after a full validation found a log valid, its standing plan (each
// item with its drift from an approved plan, plan-drift.ts) is recorded next to it
// (`<log>.verified`, in the same sessions folder, which the sandbox mounts read-only)
// with the file's identity: device, inode, size, and modification and change times in
// nanoseconds. A reader whose log still has that identity takes the recorded plan
// instead of re-validating. Every write to a file sets its change time, which no
// process can set back, so the plan is reused only for the very bytes that were
// validated; a refused log is never recorded, so its refusal always comes from the
// full validation.
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as z from 'zod/mini';
import { driftedItemSchema, type DriftedItem } from '../plan/plan-drift';
import { parseJson } from './parse-json';

const identitySchema = z.strictObject({
  dev: z.string(),
  ino: z.string(),
  size: z.string(),
  mtimeNs: z.string(),
  ctimeNs: z.string(),
});
type Identity = z.infer<typeof identitySchema>;
/** Version 2: the items carry their drift (an index of version 1 is not read: the log is validated again). */
const indexSchema = z.strictObject({
  version: z.literal(2),
  file: identitySchema,
  plan: z.nullable(z.array(driftedItemSchema)),
});

/** The standing plan as recorded: null = no plan. */
export type VerifiedPlan = DriftedItem[] | null;

/**
 * File times are kept at the kernel's coarse clock (a tick of a few ms), so a write in
 * the same tick as the last one leaves them unchanged: a file changed this recently is
 * not recorded (git's "racily clean" rule), and any later write has a later ctime.
 */
const RACY_MS = 1000n;
/** A larger sidecar is not ours (a plan is a few KB); it is ignored. */
const MAX_INDEX_BYTES = 16 << 20;

function verifiedIndexPath(logPath: string): string {
  return `${logPath}.verified`;
}

function identityOf(st: fs.BigIntStats): Identity {
  return {
    dev: String(st.dev),
    ino: String(st.ino),
    size: String(st.size),
    mtimeNs: String(st.mtimeNs),
    ctimeNs: String(st.ctimeNs),
  };
}

const sameIdentity = (a: Identity, b: Identity): boolean =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;

/** An index is trusted only when it is a regular file of this user that no one else may write. */
function trustedIndexFile(st: fs.BigIntStats): boolean {
  const uid = process.getuid?.();
  return (
    st.isFile() &&
    st.size <= MAX_INDEX_BYTES &&
    (uid === undefined || st.uid === BigInt(uid)) &&
    (st.mode & 0o022n) === 0n
  );
}

/** The recorded standing plan when `logPath` is byte for byte the file that was validated, else undefined. */
export function readVerifiedPlan(logPath: string): { plan: VerifiedPlan } | undefined {
  let fd: number | undefined;
  try {
    // O_NOFOLLOW, and the checks on the opened file: a link or a swapped file is not read.
    fd = fs.openSync(verifiedIndexPath(logPath), fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    if (!trustedIndexFile(fs.fstatSync(fd, { bigint: true }))) return undefined;
    const index = indexSchema.safeParse(parseJson(fs.readFileSync(fd, 'utf8')));
    if (!index.success) return undefined;
    if (!sameIdentity(index.data.file, identityOf(fs.statSync(logPath, { bigint: true })))) return undefined;
    return { plan: index.data.plan };
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * Runs `validate` (a full validation of `logPath` that answers the standing plan, or
 * undefined when it refused the log) and records a valid answer when the file did not
 * change while it was read and was last changed at least RACY_MS before. Recording is
 * best effort: a folder that cannot be written leaves every read a full validation.
 */
export function validateAndRecord<T>(
  logPath: string,
  validate: () => T,
  planOf: (result: T) => VerifiedPlan | undefined,
): T {
  let before: fs.BigIntStats | undefined;
  let startedNs = 0n;
  try {
    startedNs = BigInt(Date.now()) * 1_000_000n;
    before = fs.statSync(logPath, { bigint: true });
  } catch {
    before = undefined; // validate() reports the missing file
  }
  const result = validate();
  const plan = planOf(result);
  if (plan === undefined || before === undefined || startedNs - before.ctimeNs < RACY_MS * 1_000_000n) return result;
  let temp: string | undefined;
  try {
    const after = identityOf(fs.statSync(logPath, { bigint: true }));
    if (!sameIdentity(identityOf(before), after)) return result;
    const sidecar = verifiedIndexPath(logPath);
    // A new file ('wx' creates or fails, never follows a planted link), renamed over the old index.
    temp = `${sidecar}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    fs.writeFileSync(temp, JSON.stringify({ version: 2, file: after, plan }), { mode: 0o600, flag: 'wx' });
    fs.renameSync(temp, sidecar);
  } catch {
    // Not recorded: the next reader validates in full.
    if (temp !== undefined) fs.rmSync(temp, { force: true });
  }
  return result;
}
