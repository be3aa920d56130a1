// Following other agents' own session files (issues 23, 41), for every followed agent
// (bench/agent-storage.ts: Claude Code, Codex, Gemini CLI, opencode). (1) Per-write
// cost: the agent's session of 1 MB and of 100 MB (opencode: its database of 1 MB and
// of 100 MB, other projects' rows filling it) followed by the worker's code
// (FollowedAgentFile; opencode's OpencodeFollower); per plan write made in the agent's
// own storage, the time of update(): read what was written (opencode: one read-only
// snapshot of the database and its WAL), the reader, our log's append. (2) In process, as the extension host
// runs it: the follower's worker thread (AgentFollowThread: fs.watch, its settle, our
// log written) reports, the host reads our log's new lines (LogFollower) and folds
// the standing plan into the status bar's text (statusBarSummary); per write, the
// append -> that text. (3) The real workbench, Claude Code only: the line's append ->
// the status bar item's text in the page.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { AgentFollowThread } from '../extension/src/core/import/agent-follow-thread';
import { statusBarSummary } from '../extension/src/core/plan/summaries';
import { foldStandingPlan } from '../test/unit/support/plan-folds';
import type { SessionEvent } from '../extension/src/core/session/events';
import { loadLogFile } from '../extension/src/core/store/log-file';
import { LogFollower } from '../extension/src/core/store/log-follower';
import { READY_MARKER, REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import { agentHomesOf } from '../scripts/vscode-server/server.mjs';
import { agentFrame, openContainer, openWorkbench, until } from '../test/e2e/workbench';
import { FOLLOWED_STORAGES, followerOf, type AgentHomes, type AgentStorage } from './agent-storage';
import { OBSERVER_SOURCE, planAt, seenAt, statusText } from './external.bench';
import type { Metric } from './report';
import { median, now, percentile, round } from './stats';

const MB = 1 << 20;
const WRITES = 200;
const IN_PROCESS_WRITES = 20;
const LIVE_WRITES = 30;
const PAUSE_MS = 300;

function homesIn(dir: string): AgentHomes {
  return {
    'claude-code': path.join(dir, 'claude'),
    codex: path.join(dir, 'codex'),
    'gemini-cli': path.join(dir, 'gemini'),
    opencode: path.join(dir, 'opencode'),
  };
}

function followCost(storage: AgentStorage, dir: string, bytes: number, log: (line: string) => void): number[] {
  const root = fs.mkdtempSync(path.join(dir, `${storage.agent}-${bytes}-`));
  const folder = path.join(root, 'work');
  const file = storage.create(homesIn(root), folder, bytes);
  const follower = followerOf(storage, file, folder, path.join(root, 'ours'));
  const t0 = now();
  follower.update();
  log(
    `  ${storage.title}, ${(fs.statSync(file).size / MB).toFixed(1)} MB session: first read (the whole file, our log written) ${(now() - t0).toFixed(0)} ms`,
  );
  const perWrite: number[] = [];
  try {
    for (let n = 1; n <= WRITES; n++) {
      storage.write(file, n, planAt(n % 30), folder);
      const t = now();
      const versions = follower.update();
      perWrite.push(now() - t);
      if (versions !== 1) throw new Error(`${storage.title} write ${n} made ${versions} plan versions`);
    }
  } finally {
    follower.dispose();
    storage.release?.(file);
    fs.rmSync(root, { recursive: true, force: true });
  }
  return perWrite;
}

/** Our log of the followed session, read as the window reads it: the new lines, the standing plan, its status text. */
class StatusOfLog {
  private follower: LogFollower | null = null;
  private readonly events: SessionEvent[] = [];

  text(logPath: string): string | null {
    if (this.follower === null) {
      const loaded = loadLogFile(logPath);
      this.events.push(...loaded.events);
      this.follower = LogFollower.after(loaded);
    } else this.events.push(...this.follower.readAppended());
    return statusBarSummary(foldStandingPlan(this.events));
  }
}

/** Per write: the append in the agent's file -> the status bar text our follower's report leads to, in this process. */
async function inProcessLatency(storage: AgentStorage, dir: string): Promise<number[]> {
  const root = fs.mkdtempSync(path.join(dir, `${storage.agent}-live-`));
  const folder = path.join(root, 'work');
  fs.mkdirSync(folder, { recursive: true });
  const homes = homesIn(root);
  const file = storage.create(homes, folder, 64 * 1024);
  storage.write(file, 0, planAt(0), folder);
  const status = new StatusOfLog();
  let waiting: { text: string; resolve: () => void } | null = null;
  let seen = '';
  const thread = new AgentFollowThread((report) => {
    if (report.kind !== 'wrote') throw new Error(`${storage.title}: ${report.message}`);
    seen = status.text(report.logPath) ?? '';
    if (waiting !== null && seen === waiting.text) waiting.resolve();
  });
  const shown = (text: string): Promise<void> =>
    new Promise((resolve, reject) => {
      if (seen === text) return resolve();
      const guard = setTimeout(() => reject(new Error(`${storage.title}: no "${text}" (last "${seen}")`)), 30_000);
      waiting = { text, resolve: () => (clearTimeout(guard), resolve()) };
    });
  try {
    thread.configure({ folders: [folder], agents: [storage.agent], homes, sessionDir: path.join(root, 'ours') });
    await shown(statusText(0));
    const latency: number[] = [];
    for (let k = 1; k <= IN_PROCESS_WRITES; k++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      const t = now();
      storage.write(file, k, planAt(k), folder);
      await shown(statusText(k));
      latency.push(now() - t);
    }
    return latency;
  } finally {
    thread.dispose();
    storage.release?.(file);
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function liveLatency(log: (line: string) => void): Promise<number[]> {
  const workbench = await openWorkbench({ extensionDevelopmentPath: REPO_ROOT });
  try {
    const { page } = workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await page.evaluate(OBSERVER_SOURCE);
    // Claude Code's project folder appears after the window started (found by the follower's look-up).
    const claude = FOLLOWED_STORAGES.find((a) => a.agent === 'claude-code')!;
    const homes = {
      ...homesIn(workbench.server.userDataDir),
      'claude-code': agentHomesOf(workbench.server.userDataDir).CLAUDE_CONFIG_DIR,
    };
    const transcript = claude.create(homes, workbench.workspace, 0);
    claude.write(transcript, 0, planAt(0), workbench.workspace);
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
      claude.write(transcript, k, planAt(k), workbench.workspace);
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
  const reported = (name: string, value: number, unit: string): Metric => ({
    name,
    value,
    unit,
    target: 'reported',
    met: null,
  });
  try {
    for (const storage of FOLLOWED_STORAGES) {
      followCost(storage, dir, 1 * MB, () => undefined); // warm-up (JIT)
      const small = followCost(storage, dir, 1 * MB, log);
      const large = followCost(storage, dir, 100 * MB, log);
      const [s, l] = [median(small), median(large)];
      log(
        `  ${storage.title} follower per plan write: ${s.toFixed(3)} ms (1 MB) vs ${l.toFixed(3)} ms (100 MB); p95 ${percentile(small, 95).toFixed(3)} / ${percentile(large, 95).toFixed(3)} ms`,
      );
      const latency = await inProcessLatency(storage, dir);
      log(
        `  ${storage.title} write -> status bar text in process (ms, load average ${(os.loadavg()[0] ?? 0).toFixed(2)}): ${latency.map((v) => v.toFixed(0)).join(' ')}`,
      );
      metrics.push(
        reported(`${storage.title} follower per plan write, 1 MB session (median)`, round(s), 'ms'),
        reported(`${storage.title} follower per plan write, 100 MB session (median)`, round(l), 'ms'),
        {
          name: `${storage.title} follower cost ratio 100 MB / 1 MB`,
          value: round(l / s, 2),
          unit: '×',
          target: '≤ 1.5×',
          met: l / s <= 1.5,
        },
        reported(`${storage.title} write -> status bar text, in process (median)`, round(median(latency), 1), 'ms'),
        reported(
          `${storage.title} write -> status bar text, in process (p95)`,
          round(percentile(latency, 95), 1),
          'ms',
        ),
      );
    }
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
