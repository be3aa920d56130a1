// Secrets stay out of what tools see and say.
// - The environment a tool's process gets (bash) is the host's minus the provider's
//   key variable and every variable whose NAME contains KEY, TOKEN, SECRET or PASSWORD
//   (case-insensitive: GITHUB_TOKEN, npm_config__authToken, DB_PASSWORD…), unless the
//   user keeps it by name (agentChecklist.tools.env.keep / --keep-env). The provider's
//   key variable is dropped even when kept: the model has no business with it.
// - Tool output is redacted before it is logged or sent to the model: every
//   occurrence of a secret VALUE (the provider's key, and the value of every dropped
//   variable) becomes `[redacted]`, whichever way it got there (`cat .env`, a file the
//   key was pasted into, a tool that prints its config).

export const SECRET_NAME_PARTS: readonly string[] = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD'];
export const REDACTED = '[redacted]';
/** Shorter values are not redacted: `1` or `true` would blank out ordinary output. */
export const MIN_REDACTED_LENGTH = 8;

export function looksSecret(name: string): boolean {
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
    this.secrets = [...new Set([...secrets].map((s) => s.trim()).filter((s) => s.length >= MIN_REDACTED_LENGTH))].sort((a, b) => b.length - a.length);
  }

  get empty(): boolean {
    return this.secrets.length === 0;
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /** Every string inside a JSON-like value, redacted (for a result's `value`). */
  redactValue(value: unknown): unknown {
    if (typeof value === 'string') return this.redact(value);
    if (Array.isArray(value)) return value.map((v) => this.redactValue(v));
    if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.redactValue(v)]));
    return value;
  }
}
