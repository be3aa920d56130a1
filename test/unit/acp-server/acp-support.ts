// Drives the BUILT CLI (`dist/cli.js acp`) with the ACP SDK's own client over stdio,
// as Zed or JetBrains would: a real process, real logs, a scripted model (the only mock).
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable, Writable } from 'node:stream';
import {
  client,
  ndJsonStream,
  type ClientContext,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from '@agentclientprotocol/sdk';
import { cliPath } from '../mcp/mcp-support';

export { build, cliPath, until } from '../mcp/mcp-support';

export interface AcpRun {
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  /** Every line the server wrote to stdout, as written. */
  stdoutLines(): string[];
  stderr(): string;
  child: ChildProcess;
}

/** The client's answer to the next permission request: an option id of the request, in order. */
export type PermissionAnswers = string[];

export function writeScript(dir: string, responses: unknown[]): string {
  const file = path.join(dir, 'model.json');
  fs.writeFileSync(file, JSON.stringify({ responses }));
  return file;
}

/** Spawns `agent-checklist acp <args>` in `cwd`, runs `op` with a connected client, then closes stdin and waits for the exit. */
export async function withAcpAgent<T>(
  cwd: string,
  args: string[],
  answers: PermissionAnswers,
  op: (agent: ClientContext, run: AcpRun) => Promise<T>,
): Promise<{ result: T; exitCode: number | null; run: AcpRun }> {
  const child = spawn(process.execPath, [cliPath, 'acp', ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run: AcpRun = {
    updates: [],
    permissions: [],
    stdoutLines: () => stdout.split('\n').filter((line) => line !== ''),
    stderr: () => stderr,
    child,
  };
  const app = client({ name: 'test-client' })
    .onNotification('session/update', ({ params }) => void run.updates.push(params))
    .onRequest('session/request_permission', ({ params }): RequestPermissionResponse => {
      run.permissions.push(params);
      const optionId = answers.shift();
      return optionId === undefined
        ? { outcome: { outcome: 'cancelled' } }
        : { outcome: { outcome: 'selected', optionId } };
    });
  const stream = ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  try {
    const result = await app.connectWith(stream, (agent) => op(agent, run));
    child.stdin.end();
    return { result, exitCode: await exited, run };
  } catch (error) {
    child.kill();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nstderr:\n${stderr}`);
  }
}
