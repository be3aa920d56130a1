// The `agent-checklist` CLI: the same core as the extension, headless.
import * as readline from 'node:readline/promises';
import { parseArgs } from 'node:util';
import type { AskLine } from '../core/tools/approvals';
import { visibleControls } from '../core/terminal-text';
import type { AgentFlags } from './agent-runtime';
import { acpCommand } from './commands/acp';
import { approveCommand } from './commands/approve';
import { changesCommand } from './commands/changes';
import { checkCommand } from './commands/check';
import { editCommand } from './commands/edit';
import { exportCommand } from './commands/export';
import { historyCommand } from './commands/history';
import { importCommand } from './commands/import';
import { mcpCommand, ownVersion } from './commands/mcp';
import { planCommand } from './commands/plan';
import { revertCommand } from './commands/revert';
import { runCommand } from './commands/run';
import { runAcpCommand } from './commands/run-acp';
import { processIo, type CliIo } from './io';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, usage, UsageError, usageErrorLine } from './usage';

const OPTIONS = {
  format: { type: 'string' },
  at: { type: 'string' },
  set: { type: 'string' },
  add: { type: 'string' },
  remove: { type: 'string' },
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
  reject: { type: 'string' },
  cwd: { type: 'string' },
  yes: { type: 'boolean', short: 'y', default: false },
  'keep-env': { type: 'string' },
  'bash-network': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  agent: { type: 'string' },
  item: { type: 'string' },
  checkpoints: { type: 'string' },
  'agent-command': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  version: { type: 'boolean', default: false },
} as const;

type Flag = keyof typeof OPTIONS;

const RUN_FLAGS: readonly Flag[] = [
  'provider',
  'script',
  'base-url',
  'model',
  'api-key-env',
  'session-dir',
  'session',
  'allow-parallel-in-progress',
  'tools',
  'max-steps',
  'context-window',
  'compact',
  'cwd',
  'yes',
  'keep-env',
  'bash-network',
  'json',
  'agent',
  'agent-command',
  'plan-first',
  'approve-plan',
  'checkpoints',
  'verify-completion',
];

/** `acp` runs the same agent as `run`; the session, its folder and the prompt come from the ACP client. */
const ACP_FLAGS: readonly Flag[] = RUN_FLAGS.filter(
  (flag) =>
    ![
      'session',
      'cwd',
      'compact',
      'json',
      'agent',
      'agent-command',
      'plan-first',
      'approve-plan',
      'checkpoints',
      'verify-completion',
    ].includes(flag),
);

type Values = ReturnType<typeof parseOptions>['values'];

/** The flags that choose our agent's model, tools and policy, as `run` and `acp` read them. */
function agentFlagsOf(values: Values): AgentFlags {
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

function parseOptions(argv: string[]) {
  return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
}

interface Command {
  /** The flags it takes: any other is a usage error (`--help` goes everywhere). */
  flags: readonly Flag[];
  run(rest: string[], values: Values, io: CliIo, signal: AbortSignal, hooks: CliHooks): number | Promise<number>;
}

/**
 * Every command, declared once: its flags and what it runs. A usage error names the
 * command (`agent-checklist <command> --help`) only when it is one of these.
 */
const COMMANDS: Readonly<Record<string, Command>> = {
  plan: {
    flags: ['format', 'at'],
    run: (rest, values, io) => planCommand(io, one(rest, '<log.jsonl>'), values.format ?? 'text', values.at),
  },
  history: {
    flags: ['format'],
    run: (rest, values, io) => historyCommand(io, one(rest, '<log.jsonl>'), values.format ?? 'text'),
  },
  edit: {
    flags: ['set', 'add', 'remove', 'allow-parallel-in-progress'],
    run: (rest, values, io) =>
      editCommand(
        io,
        one(rest, '<log.jsonl>'),
        defined({
          set: values.set,
          add: values.add,
          remove: values.remove,
          allowParallelInProgress: values['allow-parallel-in-progress'],
        }),
      ),
  },
  check: { flags: [], run: (rest, _values, io) => checkCommand(io, one(rest, '<log.jsonl>')) },
  approve: {
    flags: ['reject'],
    run: (rest, values, io) => approveCommand(io, one(rest, '<log.jsonl>'), values.reject),
  },
  export: {
    flags: ['format'],
    run: (rest, values, io) => exportCommand(io, one(rest, '<log.jsonl>'), values.format ?? 'markdown'),
  },
  changes: {
    flags: ['item', 'format'],
    run: (rest, values, io) =>
      changesCommand(io, one(rest, '<log.jsonl>'), defined({ item: values.item, format: values.format })),
  },
  revert: {
    flags: ['item', 'yes'],
    run: (rest, values, io, signal, hooks) =>
      revertCommand(
        io,
        one(rest, '<log.jsonl>'),
        { yes: values.yes, ...defined({ item: values.item }) },
        signal,
        hooks.ask,
      ),
  },
  import: {
    flags: ['session-dir'],
    run: (rest, values, io) => importCommand(io, one(rest, '<file>'), values['session-dir']),
  },
  run: {
    flags: RUN_FLAGS,
    run: (rest, values, io, signal, hooks) =>
      (values.agent !== undefined || values['agent-command'] !== undefined ? runAcpCommand : runCommand)(
        io,
        {
          ...agentFlagsOf(values),
          // Without a prompt, a continued session may go on from a plan decision (run.ts checks).
          prompt: rest.join(' ').trim() || (values.session !== undefined ? '' : raise('run needs a prompt')),
          json: values.json,
          compact: values.compact,
          planFirst: values['plan-first'],
          approvePlan: values['approve-plan'],
          verifyCompletion: onOff('--verify-completion', values['verify-completion'] ?? 'on'),
          ...defined({
            session: values.session,
            cwd: values.cwd,
            agent: values.agent,
            agentCommand: values['agent-command'],
            checkpoints: values.checkpoints,
          }),
        },
        signal,
        hooks.ask,
      ),
  },
  acp: {
    flags: ACP_FLAGS,
    run: (rest, values, io, signal) => {
      if (rest.length > 0) throw new UsageError(`acp takes no arguments (got ${JSON.stringify(rest.join(' '))})`);
      return acpCommand(io, agentFlagsOf(values), signal);
    },
  },
  mcp: {
    flags: ['session-dir', 'allow-parallel-in-progress'],
    run: (rest, values, io, signal) => {
      if (rest.length > 0) throw new UsageError(`mcp takes no arguments (got ${JSON.stringify(rest.join(' '))})`);
      return mcpCommand(
        io,
        defined({ sessionDir: values['session-dir'], allowParallelInProgress: values['allow-parallel-in-progress'] }),
        signal,
      );
    },
  },
};

function commandNamed(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

/** Refuses the first flag given that `command` does not take (names as typed: `--format`, `-y`). */
function refuseForeignFlags(command: string, argv: string[]): void {
  const takes = command === 'help' ? [] : commandNamed(command)?.flags;
  if (takes === undefined) return;
  const { tokens } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option' || token.name === 'help') continue;
    if (!takes.some((flag) => flag === token.name)) throw new UsageError(`${command} does not take ${token.rawName}`);
  }
}

function one(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected exactly one ${what}`);
  return positionals[0]!;
}

/** What only an interactive process has. Without `ask`, calls that need approval are refused unless --yes. */
export interface CliHooks {
  ask?: AskLine;
}

export async function main(
  argv: string[],
  io: CliIo = processIo,
  signal: AbortSignal = new AbortController().signal,
  hooks: CliHooks = {},
): Promise<number> {
  try {
    const { values, positionals } = parseOptions(argv);
    const [command, ...rest] = positionals;
    if (command === undefined && values.version) {
      io.out(ownVersion());
      return EXIT_OK;
    }
    if (command === undefined && !values.help) throw new UsageError('no command given');
    if (command !== undefined) refuseForeignFlags(command, argv);
    if (values.help || command === 'help') {
      io.out(usage());
      return EXIT_OK;
    }
    const handler = command === undefined ? undefined : commandNamed(command);
    if (handler === undefined) throw new UsageError(`unknown command ${JSON.stringify(command)}`);
    return await handler.run(rest, values, io, signal, hooks);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    ) {
      const command = argv.find((a) => !a.startsWith('-'));
      io.err(
        usageErrorLine(
          error.message,
          command !== undefined && commandNamed(command) !== undefined ? command : undefined,
        ),
      );
      return EXIT_USAGE;
    }
    io.err(
      `agent-checklist: ${visibleControls(error instanceof Error ? error.message : String(error), { keepLayout: false })}`,
    );
    return EXIT_FAILED;
  }
}

/** An `on|off` flag's value. */
function onOff(flag: string, value: string): boolean {
  if (value !== 'on' && value !== 'off')
    throw new UsageError(`${flag} must be on or off (got ${JSON.stringify(value)})`);
  return value === 'on';
}

function raise(message: string): never {
  throw new UsageError(message);
}

/** Drops undefined values, for exactOptionalPropertyTypes. */
function defined<T extends Record<string, unknown>>(obj: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** Asks on the terminal (stderr), one line per question; Ctrl+C while asking stops the turn like elsewhere. */
function terminalAsk(): AskLine {
  return async (question, signal) => {
    const rl = readline.createInterface({ input: process.stdin, output: process.stderr });
    rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
    try {
      // The question carries the model's command: shown with its control characters visible, whole.
      return await rl.question(visibleControls(question), { signal });
    } catch (error) {
      // Stop rejects (the call ends as stopped); a closed terminal (Ctrl+D) is no answer, i.e. No.
      if (signal.aborted) throw error;
      return '';
    } finally {
      rl.close();
    }
  };
}

if (require.main === module) {
  const controller = new AbortController();
  let interrupts = 0;
  process.on('SIGINT', () => {
    // First Ctrl+C stops the turn cleanly (the log stays valid); a second one exits now.
    if (++interrupts > 1) process.exit(130);
    controller.abort(new Error('stopped by the user (SIGINT)'));
  });
  const hooks: CliHooks = process.stdin.isTTY ? { ask: terminalAsk() } : {};
  main(process.argv.slice(2), processIo, controller.signal, hooks).then((code) => {
    process.exitCode = code;
  });
}
