// `changes <log> --item <n> [--format patch|json]`: what plan item n (1-based, in the
// standing plan) changed in the workspace, from the checkpoints its turns took
// (core/checkpoints/): the diff from the checkpoint before it started to the one after
// it completed (the workspace now while it is not completed). json prints
// { item, from, to, files: [{ path, status, added, removed }] } (`to` null: now).
import { cliCheckpointsBase } from '../../core/checkpoints/location';
import { resolveRange } from '../../core/checkpoints/item-changes';
import { changeRange } from '../../core/plan/change-range';
import { ShadowRepo } from '../../core/checkpoints/shadow-repo';
import { SessionFolds } from '../../core/plan/session-folds';
import type { SessionEvent } from '../../core/session/events';
import type { SessionHeader } from '../../core/session/header';
import { readValidatedLog } from '../read-log';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

/** `--item`'s number, checked. */
export function itemNumberFlag(text: string | undefined): number {
  if (text === undefined)
    throw new UsageError("--item <n> is required (the item's number in the standing plan, from 1)");
  if (!/^[1-9]\d*$/.test(text))
    throw new UsageError(`--item needs an item number from 1 (got ${JSON.stringify(text)})`);
  return Number(text);
}

/** The shadow repository of the log's workspace in the CLI's state folder; null when its header names no workspace. */
export function checkpointsOf(io: CliIo, header: SessionHeader): ShadowRepo | null {
  return header.cwd === undefined ? null : ShadowRepo.of(cliCheckpointsBase(io.env), header.cwd);
}

/** Item n's content and the workspace's shadow repository, or null after saying why not. */
export function itemAndRepo(
  io: CliIo,
  header: SessionHeader,
  events: readonly SessionEvent[],
  n: number,
): { item: string; repo: ShadowRepo } | null {
  const plan = SessionFolds.over(events, { transcript: null }).standingPlan ?? [];
  const item = plan[n - 1]?.content;
  if (item === undefined) {
    io.err(`agent-checklist: the plan has no item ${n} (it has ${plan.length})`);
    return null;
  }
  const repo = checkpointsOf(io, header);
  if (repo === null) {
    io.err(
      'agent-checklist: the log does not say which workspace it worked in (its header has no cwd), ' +
        'so it has no checkpoints',
    );
    return null;
  }
  return { item, repo };
}

export async function changesCommand(
  io: CliIo,
  logPath: string,
  flags: { item?: string; format?: string },
): Promise<number> {
  const format = flags.format ?? 'patch';
  if (format !== 'patch' && format !== 'json')
    throw new UsageError(`--format must be patch or json (got ${JSON.stringify(format)})`);
  const n = itemNumberFlag(flags.item);
  const events: SessionEvent[] = [];
  const log = readValidatedLog(io, logPath, (event) => events.push(event));
  if (log === null) return EXIT_FAILED;
  const found = itemAndRepo(io, log.header, events, n);
  if (found === null) return EXIT_FAILED;
  const range = changeRange(events, found.item);
  const resolved = await resolveRange(found.repo, range);
  if (format === 'patch') {
    if (resolved !== null) io.write(await found.repo.diff(resolved.from, resolved.to));
    return EXIT_OK;
  }
  const files = resolved === null ? [] : await found.repo.fileStats(resolved.from, resolved.to);
  io.out(JSON.stringify({ item: found.item, from: range?.from ?? null, to: range?.to ?? null, files }));
  return EXIT_OK;
}
