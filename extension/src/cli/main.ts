// The `agent-checklist` CLI: the same core as the extension, headless. Its commands are
// command-table.ts's.
import { parseArgs } from 'node:util';
import { visibleControls } from '../core/terminal-text';
import { ownVersion } from './commands/mcp';
import { commandNamed, type CliHooks } from './command-table';
import { bareFlags, OPTIONS, parseOptions } from './flags';
import { processIo, type CliIo } from './io';
import { terminalAsk } from './terminal-ask';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, usage, UsageError, isUsageError, usageErrorLine } from './usage';

export type { CliHooks } from './command-table';

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

export async function main(
  given: string[],
  io: CliIo = processIo,
  signal: AbortSignal = new AbortController().signal,
  hooks: CliHooks = {},
): Promise<number> {
  const argv = bareFlags(given);
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
      isUsageError(error) ||
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
      'agent-checklist: ' +
        visibleControls(error instanceof Error ? error.message : String(error), { keepLayout: false }),
    );
    return EXIT_FAILED;
  }
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
