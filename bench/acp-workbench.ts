// ACP plan update -> status bar text in the real workbench (issue 22): code-server +
// Chromium with the extension from dist/, the bench agent (acp-bench-agent.ts) chosen
// through the user's settings (agentChecklist.agent + agentChecklist.acpAgents, as a
// user configures an ACP agent), each prompt sent from the palette (Send Prompt…).
// The extension host starts the agent; its plan updates travel its stdio, our ACP
// client, the turn log, our log, the folds and the status bar item, then code-server's
// channel to the page. Per update: a MutationObserver in the workbench page records
// Date.now() at each new text of our status bar item; latency = that time for the
// update's text − the agent's Date.now() just before it sent the update (same machine,
// same clock, 1 ms resolution).
//
// Turns in one window: a warm-up in a new session; then, each measured, a new session
// (empty), the 10,000-event ACP session picked from the session list (its prompt
// resumes it with our summary) and prompted twice, and a new session again.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { loadLogFile } from '../extension/src/core/store/log-file';
import { REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import {
  agentFrame,
  answerInputBox,
  openContainer,
  openWorkbench,
  runCommand,
  sessionDirs,
  until,
} from '../test/e2e/workbench';
import { BENCH_AGENT_INFO, benchStatusText } from './acp-bench-agent';
import { benchAgentEntry, syncFile } from './acp-host';
import { writeSyntheticLog } from './synthetic-log';

/**
 * Installed in the workbench page: every change of our status bar item's text, in
 * order, with Date.now() when the DOM first held it. A string, so no transpiler helper
 * runs in the page.
 */
const CHANGES_SOURCE = `(() => {
  const changes = [];
  window.__acpStatusChanges = changes;
  const part = document.getElementById('workbench.parts.statusbar');
  let last = null;
  const check = () => {
    const item = part && part.querySelector('.statusbar-item[id$="agentChecklist.plan"]');
    const text = item ? (item.innerText || '').replace(/\\s+/g, ' ').trim() : '';
    if (text !== last) {
      last = text;
      changes.push([text, Date.now()]);
    }
  };
  new MutationObserver(check).observe(part, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
  return true;
})()`;

async function readChanges(page: Page): Promise<[string, number][]> {
  return (await page.evaluate('window.__acpStatusChanges || []')) as [string, number][];
}

export interface WorkbenchRows {
  empty: number[];
  long: number[];
  /** Updates whose text the page showed, of those sent. */
  seen: number;
  sent: number;
  load: number;
}

const LONG_ID = 'acp-bench-long';
const LONG_TITLE = 'A long ACP session';

interface Bench {
  page: Page;
  stampsFile: string;
  count: number;
  pauseMs: number;
  sent: number;
  log: (line: string) => void;
}

/** One prompt of `count` plan updates; each update's latency (unmatched ones left out). */
async function planTurn(b: Bench): Promise<number[]> {
  const { page, stampsFile, count, pauseMs } = b;
  fs.rmSync(stampsFile, { force: true });
  const from = (await readChanges(page)).length;
  await runCommand(page, 'Agent Checklist: Send Prompt…');
  await answerInputBox(page, 'Agent Checklist: Send Prompt', `bench plan ${count} ${pauseMs}`);
  await until(
    async () => fs.existsSync(stampsFile),
    (done) => done,
    'the bench agent to finish its updates',
    60_000 + count * pauseMs * 2,
  );
  const { wallMs } = JSON.parse(fs.readFileSync(stampsFile, 'utf8')) as { wallMs: number[] };
  b.sent += wallMs.length;
  const last = benchStatusText(count);
  // The text stays once the turn ends (only its icon changes), and an earlier cycle had the same text: wait for it as the latest.
  const changes = await until(
    () => readChanges(page),
    (c) => c.length > from && c.at(-1)![0] === last,
    'the last update in the status bar',
    30_000,
  ).catch(() => readChanges(page));
  const latency: number[] = [];
  const missed: number[] = [];
  let next = from;
  for (let k = 1; k <= count; k++) {
    // Texts repeat every PLAN_ITEMS updates: an update is matched only among the next few changes, never a later cycle's.
    const at = changes.findIndex(([text], i) => i >= next && i <= next + 2 && text === benchStatusText(k));
    if (at < 0) {
      missed.push(k);
      continue;
    }
    next = at + 1;
    latency.push(changes[at]![1] - wallMs[k - 1]!);
  }
  if (missed.length > 0)
    b.log(
      `    updates never shown as the status bar's text: ${missed.join(', ')} (the page went ${JSON.stringify(changes.slice(from).map(([text]) => text.split(':')[0]))})`,
    );
  if (latency.length === 0)
    throw new Error(
      `no update reached the status bar; it showed: ${JSON.stringify(changes.slice(from).map(([text]) => text))}`,
    );
  return latency;
}

async function newSession(view: FrameLocator): Promise<void> {
  await view.getByRole('button', { name: 'New Session', exact: true }).click();
  await view.locator('.transcript.empty').waitFor();
}

/** Plan updates from the bench agent run by the editor, `count` a turn, `pauseMs` apart: each one's latency to the status bar text in the page. */
export async function workbenchPlanLatency(
  count: number,
  pauseMs: number,
  log: (line: string) => void,
): Promise<WorkbenchRows> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-acp-wb-'));
  const stampsFile = path.join(dir, 'stamps.json');
  const long = writeSyntheticLog(
    path.join(dir, `${LONG_ID}.jsonl`),
    { events: 10_000 },
    { id: LONG_ID, title: LONG_TITLE, source: { kind: 'acp', ...BENCH_AGENT_INFO } },
  );
  syncFile(long.path);
  const workbench = await openWorkbench({
    extensionDevelopmentPath: REPO_ROOT,
    settings: {
      'agentChecklist.agent': 'acp-bench',
      'agentChecklist.acpAgents': { 'acp-bench': benchAgentEntry(stampsFile) },
    },
  });
  try {
    const { page } = workbench;
    await openContainer(page);
    const view = agentFrame(page);
    await view.locator('.composer-input').waitFor({ timeout: 60_000 });
    await page.evaluate(CHANGES_SOURCE);
    const load = os.loadavg()[0] ?? 0;
    log(`  workbench: turns of ${count} ACP plan updates, ${pauseMs} ms apart (load average ${load.toFixed(2)})…`);
    const b: Bench = { page, stampsFile, count, pauseMs, sent: 0, log };
    await planTurn(b); // warm-up (not counted)
    b.sent = 0;
    await newSession(view);
    const e1 = await planTurn(b);
    // The window's own folder exists since activation: the log moved in is listed as a session of this workspace.
    const own = sessionDirs(workbench.server.userDataDir)[0];
    if (!own) throw new Error('the extension made no session folder');
    fs.renameSync(long.path, path.join(own, `${LONG_ID}.jsonl`));
    const sessions = view.getByRole('combobox', { name: 'Sessions', exact: true });
    await sessions.locator(`option[value="${LONG_ID}"]`).waitFor({ state: 'attached', timeout: 30_000 });
    await sessions.selectOption(LONG_ID);
    await view.getByRole('heading', { level: 1, name: LONG_TITLE }).waitFor({ timeout: 60_000 });
    const l1 = await planTurn(b);
    const l2 = await planTurn(b);
    const onLong = loadLogFile(path.join(own, `${LONG_ID}.jsonl`)).events.filter(
      (e) => e.seq > long.events && e.type === 'todo/write',
    ).length;
    if (onLong !== 2 * count)
      throw new Error(
        `the long session's log has ${onLong} new plan writes, not ${2 * count}: its turns ran elsewhere`,
      );
    await newSession(view);
    const e2 = await planTurn(b);
    const rows = { empty: [...e1, ...e2], long: [...l1, ...l2] };
    log(`    ACP plan update -> status bar (ms), empty: ${rows.empty.join(' ')}`);
    log(`    ACP plan update -> status bar (ms), ${long.events} events: ${rows.long.join(' ')}`);
    return { ...rows, seen: rows.empty.length + rows.long.length, sent: b.sent, load };
  } finally {
    await workbench.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
