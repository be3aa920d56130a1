// Shared by the long-task tests: a workspace of files several times the window, the
// CLI run against the windowed server, and what the log and the server saw.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { type StandingPlan } from '../../../extension/src/core/plan/todos-projection';
import type { SessionEvent } from '../../../extension/src/core/session/events';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { foldStandingPlan } from '../support/plan-folds';

export const FILE_COUNT = 40;
export const FILE_BYTES = 20 * 1024;

/** `count` files of `bytes` each (text lines), named file-01.txt …; returns their names. */
export function writeSurveyFiles(dir: string, count = FILE_COUNT, bytes = FILE_BYTES): string[] {
  const names: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `file-${String(i).padStart(2, '0')}.txt`;
    const line = `${name}: the quick brown fox jumps over the lazy dog, line `;
    let text = '';
    for (let n = 1; text.length < bytes; n++) text += `${line}${n}\n`;
    fs.writeFileSync(path.join(dir, name), text.slice(0, bytes));
    names.push(name);
  }
  return names;
}

function capture(cwd: string, env: NodeJS.ProcessEnv): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, env, cwd, out: (l) => stdout.push(l), err: (l) => stderr.push(l), write: () => undefined };
}

export interface CliRun {
  code: number;
  json: {
    sessionId: string;
    logPath: string;
    finalText: string;
    turnEnd: { kind: string; message?: string };
    context: { promptTokens: number; window: number; estimated: boolean; compactions: number };
    rules: string | null;
  };
  stderr: string;
}

export async function runCli(dir: string, args: string[]): Promise<CliRun> {
  const io = capture(dir, { NO_KEY: '', ANTHROPIC_TEST_KEY: 'sk-ant-test' });
  const code = await main(args, io);
  const out = io.stdout.join('');
  return {
    code,
    json: out.startsWith('{') ? (JSON.parse(out) as CliRun['json']) : (undefined as never),
    stderr: io.stderr.join('\n'),
  };
}

export function compactions(events: readonly SessionEvent[]): Extract<SessionEvent, { type: 'context/compact' }>[] {
  return events.filter((e): e is Extract<SessionEvent, { type: 'context/compact' }> => e.type === 'context/compact');
}

/** The standing plan at the moment of `seq` (what the request after a compaction there must restate). */
export function planAt(events: readonly SessionEvent[], seq: number): StandingPlan {
  return foldStandingPlan(events.filter((e) => e.seq <= seq));
}

export function logEvents(logPath: string): SessionEvent[] {
  return loadLogFile(logPath).events;
}
