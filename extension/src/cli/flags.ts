// The CLI's flags: every flag any command takes (node:util parseArgs options), the
// sets `run` and `acp` take (each run flag's facts said once), and the helpers that
// read a flag's value.
import { parseArgs } from 'node:util';
import type { AgentFlags } from './agent-runtime';
import { UsageError } from './usage';

export const OPTIONS = {
  format: { type: 'string' },
  at: { type: 'string' },
  set: { type: 'string' },
  add: { type: 'string' },
  remove: { type: 'string' },
  check: { type: 'string' },
  'from-file': { type: 'string' },
  'plan-file': { type: 'string' },
  from: { type: 'string' },
  provider: { type: 'string' },
  script: { type: 'string' },
  'base-url': { type: 'string' },
  model: { type: 'string' },
  'api-key-env': { type: 'string' },
  'session-dir': { type: 'string' },
  session: { type: 'string' },
  'allow-parallel-in-progress': { type: 'string' },
  tools: { type: 'string' },
  'max-steps': { type: 'string' },
  'context-window': { type: 'string' },
  compact: { type: 'boolean', default: false },
  'plan-first': { type: 'boolean', default: false },
  'approve-plan': { type: 'boolean', default: false },
  'verify-completion': { type: 'string' },
  'reapprove-on-scope-change': { type: 'string' },
  reject: { type: 'string' },
  cwd: { type: 'string' },
  yes: { type: 'boolean', short: 'y', default: false },
  'keep-env': { type: 'string' },
  'bash-network': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  diff: { type: 'boolean', default: false },
  resolve: { type: 'string' },
  comments: { type: 'boolean', default: false },
  agent: { type: 'string' },
  item: { type: 'string' },
  all: { type: 'boolean', default: false },
  parallel: { type: 'string' },
  items: { type: 'string' },
  'from-head': { type: 'boolean', default: false },
  'timeout-seconds': { type: 'string' },
  due: { type: 'boolean', default: false },
  checkpoints: { type: 'string' },
  'agent-command': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const;

export type Flag = keyof typeof OPTIONS;

/**
 * The flags `run` takes, each once with whether `acp` takes it too: `acp` runs the same
 * agent as `run`, but the session, its folder and the prompt come from the ACP client,
 * and it drives no other agent.
 */
const RUN_FLAG_FACTS = {
  provider: { acp: true },
  script: { acp: true },
  'base-url': { acp: true },
  model: { acp: true },
  'api-key-env': { acp: true },
  'session-dir': { acp: true },
  session: { acp: false },
  'allow-parallel-in-progress': { acp: true },
  tools: { acp: true },
  'max-steps': { acp: true },
  'context-window': { acp: true },
  compact: { acp: false },
  cwd: { acp: false },
  yes: { acp: true },
  'keep-env': { acp: true },
  'bash-network': { acp: true },
  json: { acp: false },
  agent: { acp: false },
  'agent-command': { acp: false },
  'plan-first': { acp: false },
  'approve-plan': { acp: false },
  checkpoints: { acp: false },
  'verify-completion': { acp: false },
  'reapprove-on-scope-change': { acp: false },
  item: { acp: false },
  all: { acp: false },
  parallel: { acp: false },
  items: { acp: false },
  'from-head': { acp: false },
  from: { acp: false },
  comments: { acp: false },
} as const satisfies Partial<Record<Flag, { acp: boolean }>>;

export const RUN_FLAGS = Object.keys(RUN_FLAG_FACTS) as (keyof typeof RUN_FLAG_FACTS)[];

export const ACP_FLAGS: readonly Flag[] = RUN_FLAGS.filter((flag) => RUN_FLAG_FACTS[flag].acp);

export type Values = ReturnType<typeof parseOptions>['values'];

/** The flags that choose our agent's model, tools and policy, as `run` and `acp` read them. */
export function agentFlagsOf(values: Values): AgentFlags {
  return {
    provider: values.provider ?? 'scripted',
    yes: values.yes,
    bashNetwork: values['bash-network'],
    ...defined({
      script: values.script,
      baseUrl: values['base-url'],
      model: values.model,
      apiKeyEnv: values['api-key-env'],
      sessionDir: values['session-dir'],
      allowParallelInProgress: values['allow-parallel-in-progress'],
      tools: values.tools,
      maxSteps: values['max-steps'],
      contextWindow: values['context-window'],
      keepEnv: values['keep-env'],
    }),
  };
}

/**
 * `--reject` or `--parallel` given no value (the last word, or before another flag) as `--reject=` /
 * `--parallel=`: `approve`'s feedback is then the unresolved comments; `run --parallel` runs 3 at once.
 */
export function bareFlags(argv: readonly string[]): string[] {
  return argv.map((arg, i) => {
    const next = argv[i + 1];
    const bare = next === undefined || next.startsWith('-');
    return (arg === '--reject' || arg === '--parallel') && bare ? `${arg}=` : arg;
  });
}

export function parseOptions(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

/** An `on|off` flag's value. */
export function onOff(flag: string, value: string): boolean {
  if (value !== 'on' && value !== 'off')
    throw new UsageError(`${flag} must be on or off (got ${JSON.stringify(value)})`);
  return value === 'on';
}

export function raise(message: string): never {
  throw new UsageError(message);
}

/** Drops undefined values, for exactOptionalPropertyTypes. */
export function defined<T extends Record<string, unknown>>(obj: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
