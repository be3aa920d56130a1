// The production build as shipped: `dist/cli.js` (what `npm run package` packs and the
// `agent-checklist` bin names) run as a child process, the way a user runs it. The dist
// tier depends only on that path and the CLI's documented commands and flags, never on
// other bundle names and never on the TypeScript source.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after } from 'node:test';
import * as z from 'zod/mini';

export const ROOT = path.resolve(__dirname, '../../..');
export const CLI = path.join(ROOT, 'dist', 'cli.js');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A fresh folder removed after the tests of the file. */
export function tempDir(prefix = 'agent-checklist-dist-'): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * The whole environment of a run in `dir`: its own HOME and state folder (checkpoints'
 * shadow repositories), a key for the loopback servers, nothing of the caller's but PATH.
 */
export function runEnv(dir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: process.env['PATH'] ?? '/usr/bin:/bin',
    HOME: dir,
    LANG: 'C.UTF-8',
    XDG_STATE_HOME: path.join(dir, 'state'),
    TEST_KEY: 'test-key',
    ...extra,
  };
}

/** `node dist/cli.js <args>` in `cwd` with `env` as its whole environment, stdin closed; resolves when it exits. */
export function runBuiltCli(args: readonly string[], cwd: string, env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const runReportSchema = z.object({
  sessionId: z.string(),
  logPath: z.string(),
  finalText: z.string(),
  plan: z.unknown(),
  turnEnd: z.looseObject({ kind: z.string(), message: z.optional(z.string()) }),
});
export type RunReport = z.infer<typeof runReportSchema>;

/** The one JSON report `run --json` prints on stdout. */
export function runReport(result: CliResult): RunReport {
  const lines = result.stdout.split('\n').filter((line) => line.trim() !== '');
  assert.equal(lines.length, 1, `one report line on stdout; stderr:\n${result.stderr}`);
  return runReportSchema.parse(JSON.parse(lines[0]!));
}

const eventLineSchema = z.looseObject({ seq: z.number(), type: z.string(), data: z.unknown() });
export type LoggedEvent = z.infer<typeof eventLineSchema>;

/** The events of a session log (its header line left out), each line checked for the envelope. */
export function logEvents(logPath: string): LoggedEvent[] {
  const lines = fs
    .readFileSync(logPath, 'utf8')
    .split('\n')
    .filter((line) => line !== '');
  return lines.slice(1).map((line) => eventLineSchema.parse(JSON.parse(line)));
}

/** `agent-checklist check <log>` passes: the log is valid as the product reads it. */
export async function assertLogChecks(logPath: string): Promise<void> {
  const checked = await runBuiltCli(['check', logPath], path.dirname(logPath), runEnv(path.dirname(logPath)));
  assert.equal(checked.code, 0, `check ${logPath}:\n${checked.stdout}${checked.stderr}`);
}

const planSchema = z.array(z.object({ content: z.string(), status: z.string() }));

/** The standing plan of a log, as `agent-checklist plan <log> --format json` prints it. */
export async function standingPlan(logPath: string): Promise<z.infer<typeof planSchema>> {
  const printed = await runBuiltCli(
    ['plan', logPath, '--format', 'json'],
    path.dirname(logPath),
    runEnv(path.dirname(logPath)),
  );
  assert.equal(printed.code, 0, printed.stderr);
  return planSchema.parse(JSON.parse(printed.stdout));
}
