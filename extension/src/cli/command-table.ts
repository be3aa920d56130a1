// Every command of the `agent-checklist` CLI, declared once: its flags and what it runs
// (main.ts parses the command line and dispatches to it).
import type { AskLine } from '../core/tools/approvals';
import { acpCommand } from './commands/acp';
import { approveCommand } from './commands/approve';
import { boardCommand } from './commands/board';
import { changesCommand } from './commands/changes';
import { checkCommand } from './commands/check';
import { commentCommand, commentsCommand } from './commands/comment';
import { editCommand, editFromFile, editFlagsGiven } from './commands/edit';
import { editCheckCommand } from './commands/edit-check';
import { exportCommand } from './commands/export';
import { historyCommand } from './commands/history';
import { diffFlagsOf } from './commands/history-diff';
import { importCommand } from './commands/import';
import { mcpCommand } from './commands/mcp';
import { planCommand } from './commands/plan';
import { revertCommand } from './commands/revert';
import { verifyCommand } from './commands/verify';
import { runWithComments } from './commands/run-comments';
import { runAllItems } from './commands/run-all';
import { runParallelItems } from './commands/run-parallel';
import { itemBranchCommand } from './commands/item-branch';
import { ACP_FLAGS, agentFlagsOf, defined, onOff, raise, RUN_FLAGS, type Flag, type Values } from './flags';
import { type CliIo } from './io';
import type { RunFlags } from './commands/run';
import { UsageError } from './usage';

/** What only an interactive process has. Without `ask`, calls that need approval are refused unless --yes. */
export interface CliHooks {
  ask?: AskLine;
}

export interface Command {
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
    flags: ['format', 'diff', 'from'],
    run: (rest, values, io) =>
      historyCommand(io, one(rest, '<log.jsonl>'), values.format ?? 'text', diffFlagsOf(values.diff, values.from)),
  },
  edit: {
    flags: ['set', 'add', 'remove', 'from-file', 'allow-parallel-in-progress', 'check'],
    run: (rest, values, io) =>
      values.check !== undefined
        ? editCheckCommand(io, one(rest, '<log.jsonl>'), values.check, editFlagsGiven(values))
        : (values['from-file'] !== undefined ? editFromFile : editCommand)(
            io,
            one(rest, '<log.jsonl>'),
            defined({
              set: values.set,
              add: values.add,
              remove: values.remove,
              fromFile: values['from-file'],
              allowParallelInProgress: values['allow-parallel-in-progress'],
            }),
          ),
  },
  check: { flags: [], run: (rest, _values, io) => checkCommand(io, one(rest, '<log.jsonl>')) },
  comment: {
    flags: ['item', 'resolve'],
    run: ([log, ...text], values, io) =>
      commentCommand(
        io,
        log ?? raise('expected exactly one <log.jsonl>'),
        text,
        defined({ item: values.item, resolve: values.resolve }),
      ),
  },
  comments: {
    flags: ['format'],
    run: (rest, values, io) => commentsCommand(io, one(rest, '<log.jsonl>'), values.format ?? 'text'),
  },
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
  verify: {
    flags: ['item', 'due', 'yes', 'timeout-seconds', 'bash-network', 'keep-env'],
    run: (rest, values, io, signal) =>
      verifyCommand(
        io,
        one(rest, '<log.jsonl>'),
        {
          yes: values.yes,
          due: values.due,
          bashNetwork: values['bash-network'],
          ...defined({ item: values.item, timeoutSeconds: values['timeout-seconds'], keepEnv: values['keep-env'] }),
        },
        signal,
      ),
  },
  import: {
    flags: ['session-dir', 'cwd'],
    run: (rest, values, io) =>
      importCommand(io, one(rest, '<file>'), { sessionDir: values['session-dir'], cwd: values.cwd }),
  },
  run: {
    flags: RUN_FLAGS,
    run: (rest, values, io, signal, hooks) => {
      const flags = runFlagsOf(rest, values);
      if (values.parallel === undefined) {
        if (values.items !== undefined || values['from-head']) raise('--items and --from-head go with --parallel <n>');
        return (values.all ? runAllItems : runWithComments)(values.comments, io, flags, signal, hooks.ask);
      }
      if (values.all || values.comments) raise('--parallel runs the items itself: not with --all or --comments');
      const parallel = {
        parallel: values.parallel,
        fromHead: values['from-head'],
        ...defined({ items: values.items }),
      };
      return runParallelItems(io, flags, parallel, signal, hooks.ask);
    },
  },
  merge: {
    flags: ['item'],
    run: (rest, values, io) => itemBranchCommand(io, 'merge', one(rest, '<log.jsonl>'), values.item),
  },
  discard: {
    flags: ['item'],
    run: (rest, values, io) => itemBranchCommand(io, 'discard', one(rest, '<log.jsonl>'), values.item),
  },
  acp: {
    flags: ACP_FLAGS,
    run: (rest, values, io, signal) => {
      if (rest.length > 0) throw new UsageError(`acp takes no arguments (got ${JSON.stringify(rest.join(' '))})`);
      return acpCommand(io, agentFlagsOf(values), signal);
    },
  },
  board: {
    flags: ['session-dir', 'cwd', 'plan-file', 'format'],
    run: (rest, values, io) => {
      if (rest.length > 0) throw new UsageError(`board takes no arguments (got ${JSON.stringify(rest.join(' '))})`);
      return boardCommand(
        io,
        defined({
          sessionDir: values['session-dir'],
          cwd: values.cwd,
          planFile: values['plan-file'],
          format: values.format,
        }),
      );
    },
  },
  mcp: {
    flags: ['session-dir', 'allow-parallel-in-progress', 'plan-file'],
    run: (rest, values, io, signal) => {
      if (rest.length > 0) throw new UsageError(`mcp takes no arguments (got ${JSON.stringify(rest.join(' '))})`);
      return mcpCommand(
        io,
        defined({
          sessionDir: values['session-dir'],
          allowParallelInProgress: values['allow-parallel-in-progress'],
          planFile: values['plan-file'],
        }),
        signal,
      );
    },
  },
};

/** `run`'s flags as its commands take them. */
function runFlagsOf(rest: string[], values: Values): RunFlags {
  return {
    ...agentFlagsOf(values),
    // Without a prompt, a continued session may go on from a plan decision (run.ts checks).
    prompt: rest.join(' ').trim() || (values.session !== undefined ? '' : raise('run needs a prompt')),
    json: values.json,
    compact: values.compact,
    planFirst: values['plan-first'],
    approvePlan: values['approve-plan'],
    verifyCompletion: onOff('--verify-completion', values['verify-completion'] ?? 'on'),
    reapproveOnScopeChange: onOff('--reapprove-on-scope-change', values['reapprove-on-scope-change'] ?? 'on'),
    ...defined({
      session: values.session,
      cwd: values.cwd,
      agent: values.agent,
      agentCommand: values['agent-command'],
      checkpoints: values.checkpoints,
      item: values.item,
      from: values.from,
    }),
  };
}

export function commandNamed(name: string): Command | undefined {
  return Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
}

function one(positionals: string[], what: string): string {
  if (positionals.length !== 1) throw new UsageError(`expected exactly one ${what}`);
  return positionals[0]!;
}
