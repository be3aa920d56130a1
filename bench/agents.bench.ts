// Following other agents' own session files (issue 23). (1) In process: a Claude Code
// transcript of 1 MB and of 100 MB followed by FollowedAgentFile (the worker's code);
// per agent plan write (a TodoWrite line and its result line appended), the time of
// update(): read the appended bytes, the reader, our log's append. (2) The real
// workbench: the agent writes its transcript in CLAUDE_CONFIG_DIR (the server's, under
// its user data folder); per write, the line's timestamp -> the status bar item's text
// in the page (the worker's fs.watch and settle, our log's append, the window's
// session watcher and read-only follower, the folds, the status bar).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FollowedAgentFile } from '../extension/src/core/import/followed-agent-file';
import { READY_MARKER, REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../scripts/vscode-server/server.mjs';
import { agentFrame, openContainer, openWorkbench, until } from '../test/e2e/workbench';
import { OBSERVER_SOURCE, planAt, seenAt, statusText } from './external.bench';
import type { Metric } from './report';
import { median, now, percentile, round } from './stats';

const MB = 1 << 20;
const WRITES = 200;
const LIVE_WRITES = 30;
const PAUSE_MS = 300;
const SESSION = '0b0e7e57-0000-4000-8000-000000000001';

type Todo = { content: string; status: 'pending' | 'in_progress' | 'completed' };

/** A Claude Code transcript line, as Claude Code 2.1.328 writes them (test/fixtures/agent-files). */
function line(fields: Record<string, unknown>, cwd: string): string {
  return `${JSON.stringify({ isSidechain: false, userType: 'external', cwd, sessionId: SESSION, version: '2.1.328', timestamp: new Date().toISOString(), ...fields })}\n`;
}

/** One TodoWrite: the assistant's call and the user line with its result. */
function todoWrite(n: number, todos: readonly Todo[], cwd: string): string {
  const input = { todos: todos.map((t) => ({ ...t, activeForm: `Doing: ${t.content}` })) };
  return (
    line(
      {
        type: 'assistant',
        uuid: `a-${n}`,
        message: {
          role: 'assistant',
          content: [{ type: 'tool_use', id: `toolu_${n}`, name: 'TodoWrite', input }],
          stop_reason: 'tool_use',
        },
      },
      cwd,
    ) +
    line(
      {
        type: 'user',
        uuid: `u-${n}`,
        message: {
          role: 'user',
          content: [
            { tool_use_id: `toolu_${n}`, type: 'tool_result', content: 'Todos have been modified successfully.' },
          ],
        },
        toolUseResult: { oldTodos: [], newTodos: input.todos },
      },
      cwd,
    )
  );
}

/** A transcript of about `bytes`: a prompt, then answers of 8 KB of text. */
function writeTranscript(file: string, bytes: number, cwd: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    fs.writeSync(
      fd,
      line({ type: 'user', uuid: 'u-0', message: { role: 'user', content: 'work through the plan' } }, cwd),
    );
    const answer = line(
      {
        type: 'assistant',
        uuid: 'a-text',
        message: { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(8 * 1024) }], stop_reason: null },
      },
      cwd,
    );
    for (let written = 0; written < bytes; written += answer.length) fs.writeSync(fd, answer);
  } finally {
    fs.closeSync(fd);
  }
}

function followCost(dir: string, bytes: number, log: (line: string) => void): number[] {
  const transcript = path.join(dir, `transcript-${bytes}.jsonl`);
  writeTranscript(transcript, bytes, dir);
  const follower = new FollowedAgentFile(transcript, path.join(dir, `ours-${bytes}`));
  const t0 = now();
  follower.update();
  log(
    `  ${(fs.statSync(transcript).size / MB).toFixed(1)} MB transcript: first read (the whole file, our log written) ${(now() - t0).toFixed(0)} ms`,
  );
  const perWrite: number[] = [];
  for (let n = 1; n <= WRITES; n++) {
    fs.appendFileSync(transcript, todoWrite(n, planAt(n % 30), dir));
    const t = now();
    const versions = follower.update();
    perWrite.push(now() - t);
    if (versions !== 1) throw new Error(`write ${n} made ${versions} plan versions`);
  }
  follower.dispose();
  return perWrite;
}

async function liveLatency(log: (line: string) => void): Promise<number[]> {
  const workbench = await openWorkbench({ extensionDevelopmentPath: REPO_ROOT });
  try {
    const { page } = workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await page.evaluate(OBSERVER_SOURCE);
    const project = path.join(
      agentHomesOf(workbench.server.userDataDir).CLAUDE_CONFIG_DIR,
      'projects',
      workbench.workspace.replace(/[^A-Za-z0-9]/g, '-'),
    );
    fs.mkdirSync(project, { recursive: true });
    const transcript = path.join(project, `${SESSION}.jsonl`);
    fs.writeFileSync(
      transcript,
      line(
        { type: 'user', uuid: 'u-0', message: { role: 'user', content: 'work through the plan' } },
        workbench.workspace,
      ) + todoWrite(0, planAt(0), workbench.workspace),
    );
    await until(
      () => seenAt(page, statusText(0)),
      (t) => t !== null,
      'the first Claude Code plan in the status bar',
      60_000,
    );
    log(
      `  ${LIVE_WRITES} Claude Code plan writes to its transcript, ${PAUSE_MS} ms apart (load average ${(os.loadavg()[0] ?? 0).toFixed(2)})…`,
    );
    const latency: number[] = [];
    for (let k = 1; k <= LIVE_WRITES; k++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      const written = Date.now();
      fs.appendFileSync(transcript, todoWrite(k, planAt(k), workbench.workspace));
      const shown = await until(
        () => seenAt(page, statusText(k)),
        (t) => t !== null,
        `write ${k} in the status bar`,
        30_000,
      );
      latency.push((shown ?? NaN) - written);
    }
    log(`    agent write -> status bar (ms): ${latency.join(' ')}`);
    return latency;
  } finally {
    await workbench.close();
  }
}

export async function runAgentsBench(log: (line: string) => void): Promise<Metric[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-agents-'));
  const metrics: Metric[] = [];
  try {
    followCost(dir, 1 * MB, () => undefined); // warm-up (JIT)
    const small = followCost(dir, 1 * MB, log);
    const large = followCost(dir, 100 * MB, log);
    const s = median(small);
    const l = median(large);
    log(
      `  follower per agent write: ${s.toFixed(3)} ms (1 MB) vs ${l.toFixed(3)} ms (100 MB); p95 ${percentile(small, 95).toFixed(3)} / ${percentile(large, 95).toFixed(3)} ms`,
    );
    metrics.push(
      {
        name: 'agent-file follower per plan write, 1 MB transcript (median)',
        value: round(s),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'agent-file follower per plan write, 100 MB transcript (median)',
        value: round(l),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'agent-file follower cost ratio 100 MB / 1 MB',
        value: round(l / s, 2),
        unit: '×',
        target: '≤ 1.5×',
        met: l / s <= 1.5,
      },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  if (!fs.existsSync(READY_MARKER)) {
    log('  workbench part skipped: code-server is not installed here');
    return metrics;
  }
  const live = await liveLatency(log);
  metrics.push(
    {
      name: 'Claude Code transcript write -> status bar text (median)',
      value: round(median(live), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
    {
      name: 'Claude Code transcript write -> status bar text (p95)',
      value: round(percentile(live, 95), 1),
      unit: 'ms',
      target: 'reported',
      met: null,
    },
  );
  return metrics;
}
