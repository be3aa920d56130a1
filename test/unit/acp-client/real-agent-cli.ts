// `agent-checklist run --json ... <prompt>` in this process, as the real-agent tests
// run it: each run's workspace and model server, the CLI's one JSON line checked
// against the shape `run --json` reports, Stop pressed at the agent's first
// permission question, and what the log says of approvals.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after } from 'node:test';
import * as z from 'zod/mini';
import type { CliIo } from '../../../extension/src/cli/io';
import { main, type CliHooks } from '../../../extension/src/cli/main';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { ScriptedModelServer, type ModelStep } from '../import/agent-runs';
import { processesIn } from '../support/processes';

/** The devDependencies' commands (the real agents), to put first on the agent's PATH. */
export const BIN = path.resolve(__dirname, '../../../node_modules/.bin');

/**
 * The workspace `dir/ws` (made) and a model server answering `steps`, closed after
 * the test. One server per run: a stopped run leaves steps unasked.
 */
export async function runPlace(dir: string, steps: ModelStep[]): Promise<{ ws: string; server: ScriptedModelServer }> {
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  const server = await ScriptedModelServer.start();
  after(() => server.close());
  server.script(...steps);
  return { ws, server };
}

const runReportSchema = z.object({
  sessionId: z.string(),
  logPath: z.string(),
  finalText: z.string(),
  plan: z.unknown(),
  // Loose: every field of the turn's end is kept, so a test comparing it whole sees them all.
  turnEnd: z.looseObject({ kind: z.string(), message: z.optional(z.string()) }),
});

export interface CliRun {
  code: number;
  json: z.infer<typeof runReportSchema>;
  stderr: string;
}

/** Runs `args` (the command and its flags, the prompt last) with `env` as the whole environment, in `cwd`; fails unless it printed one report. */
export async function runCli(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  signal?: AbortSignal,
  hooks: CliHooks = {},
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd };
  const code = await main(args, io, signal, hooks);
  assert.equal(out.length, 1, err.join('\n'));
  const parsed: unknown = JSON.parse(out[0]!);
  return { code, json: runReportSchema.parse(parsed), stderr: err.join('\n') };
}

/** Every approval decision on the log at `logPath`, as `[decision, by]`, in order. */
export function approvalsOn(logPath: string): [string, string][] {
  return loadLogFile(logPath).events.flatMap((e): [string, string][] =>
    e.type === 'tool/approval' ? [[e.data.decision, e.data.by]] : [],
  );
}

/** How each call on the log at `logPath` ended, in order: whether it failed and the kind of call the agent said it was. */
export function callResultsOn(logPath: string): { isError: boolean; kind: unknown }[] {
  return loadLogFile(logPath).events.flatMap((e) =>
    e.type === 'tool/result' ? [{ isError: e.data.isError, kind: e.data.details?.['kind'] }] : [],
  );
}

/**
 * Stop pressed when the agent asks its first permission (the question never answered):
 * `signal` for the run, `hooks` for the CLI. `questions` gets each question asked and
 * `running` what ran in `dir` when it was asked (the agent, while it runs: so an empty
 * process list afterwards means it ended, not that the check sees nothing).
 */
export function stopAtQuestion(dir: string): {
  signal: AbortSignal;
  hooks: CliHooks;
  questions: string[];
  running: string[];
} {
  const controller = new AbortController();
  const questions: string[] = [];
  const running: string[] = [];
  const hooks: CliHooks = {
    ask: (question, signal) =>
      new Promise((_resolve, reject) => {
        questions.push(question);
        running.push(...processesIn(dir));
        signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
        controller.abort();
      }),
  };
  return { signal: controller.signal, hooks, questions, running };
}
