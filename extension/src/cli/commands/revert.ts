// `revert <log> --item <n> [--yes]`: restores the files plan item n changed to their
// state before it started (core/checkpoints/revert.ts), then logs `changes/reverted`
// and the user edit that puts the item back to pending. Refused (exit 1, nothing
// written) when a later change touched the same lines, listing the files, and while
// another process writes the session. It asks first on a terminal; without one it
// needs --yes (exit 2 otherwise).
import { planItemRevert, recordRevert } from '../../core/checkpoints/revert';
import { PlanEditor } from '../../core/plan/plan-editor';
import type { AskLine } from '../../core/tools/approvals';
import { visibleControls } from '../../core/terminal-text';
import { openUnlessWritten } from '../open-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';
import { itemAndRepo, itemNumberFlag } from './changes';

export async function revertCommand(
  io: CliIo,
  logPath: string,
  flags: { item?: string; yes: boolean },
  signal: AbortSignal,
  ask?: AskLine,
): Promise<number> {
  const n = itemNumberFlag(flags.item);
  if (!flags.yes && ask === undefined)
    throw new UsageError('revert writes files: run it on a terminal to be asked, or pass --yes');
  const opened = openUnlessWritten(io, logPath, 'revert an item', 'revert it there');
  if (opened === null) return EXIT_FAILED;
  try {
    const { session } = opened;
    const found = itemAndRepo(io, session.header, session.events, n);
    if (found === null) return EXIT_FAILED;
    const plan = await planItemRevert(found.repo, session.events, found.item);
    if (plan.kind === 'nothing') {
      io.err(`agent-checklist: item ${n} changed no file since it started: nothing to revert`);
      return EXIT_FAILED;
    }
    if (plan.kind === 'conflict') {
      io.err(
        'agent-checklist: not reverted: a later change touched the same lines in:\n' +
          plan.files.map((file) => `  ${visibleControls(file)}`).join('\n'),
      );
      return EXIT_FAILED;
    }
    if (!flags.yes) {
      const listed = plan.files.map((file) => `  ${file}`).join('\n');
      const question =
        `Revert item ${n} (${found.item}): restore ${plan.files.length} file(s) to before it started?\n` +
        `${listed}\n[y/N] `;
      const answer = ask === undefined ? '' : await ask(question, signal);
      if (!/^y(es)?$/i.test(answer.trim())) {
        io.err('agent-checklist: not reverted');
        return EXIT_FAILED;
      }
    }
    await plan.apply();
    const policy = { allowParallelInProgress: true };
    await recordRevert(session, new PlanEditor(session, { policy: () => policy }), found.item, plan);
    io.out(`reverted item ${n}: ${found.item}\n${plan.files.join('\n')}`);
    return EXIT_OK;
  } finally {
    opened.dispose();
  }
}
