// Secrets stay out of what tools see and say.
// - The environment a tool's process gets (bash) is the host's minus the provider's
//   key variable and every variable whose NAME contains KEY, TOKEN, SECRET or PASSWORD
//   (case-insensitive: GITHUB_TOKEN, npm_config__authToken, DB_PASSWORD…), unless the
//   user keeps it by name (agentChecklist.tools.env.keep / --keep-env). The provider's
//   key variable is dropped even when kept: the model has no business with it.
// - Tool output is redacted before it is logged or sent to the model: every
//   occurrence of a secret VALUE (the provider's key, and the value of every dropped
//   variable) becomes `[redacted]`, whichever way it got there (`cat .env`, a file the
//   key was pasted into, a tool that prints its config). Tools that cut their output
//   (bash's head/tail, grep's and read_file's line limits) redact BEFORE the cut, so no
//   cut can leave two halves of one printed secret; the registry's pass stays as a net.

const SECRET_NAME_PARTS: readonly string[] = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD'];
export const REDACTED = '[redacted]';
/** Shorter values are not redacted: `1` or `true` would blank out ordinary output. */
const MIN_REDACTED_LENGTH = 8;

function looksSecret(name: string): boolean {
  const upper = name.toUpperCase();
  return SECRET_NAME_PARTS.some((part) => upper.includes(part));
}

export interface ToolEnvOptions {
  /** The provider's key variable (e.g. OPENAI_API_KEY): always dropped. */
  keyVariable?: string;
  /** Variable names kept although they look secret. */
  keep?: readonly string[];
}

export interface ToolEnvironment {
  env: NodeJS.ProcessEnv;
  /** The values that were dropped (for redaction). */
  droppedValues: string[];
  droppedNames: string[];
}

export function toolEnvironment(base: NodeJS.ProcessEnv, options: ToolEnvOptions = {}): ToolEnvironment {
  const keep = new Set(options.keep ?? []);
  const env: NodeJS.ProcessEnv = {};
  const droppedValues: string[] = [];
  const droppedNames: string[] = [];
  for (const [name, value] of Object.entries(base)) {
    if (value === undefined) continue;
    const drop = name === options.keyVariable || (looksSecret(name) && !keep.has(name));
    if (!drop) {
      env[name] = value;
      continue;
    }
    droppedNames.push(name);
    droppedValues.push(value);
  }
  return { env, droppedValues, droppedNames };
}

/** Replaces every occurrence of each secret value; values under MIN_REDACTED_LENGTH are ignored. */
export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: Iterable<string>) {
    // Longest first, so a secret that contains another is replaced whole.
    this.secrets = [...new Set([...secrets].map((s) => s.trim()).filter((s) => s.length >= MIN_REDACTED_LENGTH))].sort(
      (a, b) => b.length - a.length,
    );
  }

  get empty(): boolean {
    return this.secrets.length === 0;
  }

  /** The values it removes (handed to grep's worker thread, which redacts there). */
  get values(): readonly string[] {
    return this.secrets;
  }

  /** A redactor for one output stream, for tools that cut their output (redaction comes first). */
  stream(): StreamRedactor {
    return new StreamRedactor(this.secrets);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }
}

// Redaction of a byte stream BEFORE anything cuts it (bash's head/tail cap): every
// whole occurrence of a secret is replaced wherever the chunk boundaries fall. It
// works on bytes (the secrets' UTF-8), so a character split across chunks is never
// decoded half. After each chunk it holds back at most (longest secret - 1) bytes,
// the only ones that could still be the start of a secret; a match that began
// earlier would already lie whole in what it has seen.
const REDACTED_BYTES = Buffer.from(REDACTED, 'utf8');

export class StreamRedactor {
  private readonly secrets: Buffer[];
  private readonly holdBack: number;
  private held: Buffer = Buffer.alloc(0);

  /** `secrets`: the values to remove, longest first (Redactor.values). */
  constructor(secrets: readonly string[]) {
    this.secrets = secrets.map((s) => Buffer.from(s, 'utf8')).sort((a, b) => b.length - a.length);
    this.holdBack = Math.max(0, ...this.secrets.map((s) => s.length - 1));
  }

  /** The redacted bytes that are safe to pass on; the rest waits for the next chunk or end(). */
  push(chunk: Buffer): Buffer {
    const data = this.held.length === 0 ? chunk : Buffer.concat([this.held, chunk]);
    const { out, safeEnd } = this.redactUpTo(data, Math.max(0, data.length - this.holdBack));
    this.held = Buffer.from(data.subarray(safeEnd));
    return out;
  }

  /** What is still held, redacted: the stream's end. */
  end(): Buffer {
    const { out } = this.redactUpTo(this.held, this.held.length);
    this.held = Buffer.alloc(0);
    return out;
  }

  /**
   * Replaces every match that STARTS before `limit` (earliest first, the longest at
   * one position); returns the bytes up to the end of the last match or `limit`,
   * whichever is later.
   */
  private redactUpTo(data: Buffer, limit: number): { out: Buffer; safeEnd: number } {
    const parts: Buffer[] = [];
    let at = 0;
    // Each secret's next occurrence at or after `at` (-1: none), found again only once
    // passed, so many matches in one chunk cost one scan per secret, not one per match.
    const next = this.secrets.map((secret) => data.indexOf(secret));
    for (;;) {
      let best = -1;
      let bestLength = 0;
      this.secrets.forEach((secret, k) => {
        if (next[k]! !== -1 && next[k]! < at) next[k] = data.indexOf(secret, at);
        const i = next[k]!;
        if (i !== -1 && i < limit && (best === -1 || i < best)) {
          best = i;
          bestLength = secret.length;
        }
      });
      if (best === -1) break;
      parts.push(data.subarray(at, best), REDACTED_BYTES);
      at = best + bestLength;
    }
    const safeEnd = Math.max(at, limit);
    parts.push(data.subarray(at, safeEnd));
    return { out: Buffer.concat(parts), safeEnd };
  }
}
