// External write -> status bar text, in the real workbench: code-server + Chromium
// with the extension from dist/, and an agent outside the editor (the built CLI's MCP
// server, driven by the SDK's own client over stdio, in the workspace folder). Per
// todo_write, the time from the todo/write line's `ts` in the session log (written by
// the MCP server process) to the status bar item's text in the page showing the new
// summary (a MutationObserver in the workbench page). Same machine, same wall clock.
//
// Two paths: a write to the session the window already follows (the read-only
// follower re-reads the appended bytes), and the first plan of a NEW external session
// (the folder watcher notices it, the controller switches to it).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { loadLogFile } from '../extension/src/core/store/log-file';
import { READY_MARKER, REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import { startExternalAgent, type TodoArg } from '../test/e2e/mcp-client';
import { agentFrame, openContainer, openWorkbench, until } from '../test/e2e/workbench';
import type { Metric } from './report';
import { median, percentile, round } from './stats';

/** Writes to the followed session (after one that opens it). */
const FOLLOWED_WRITES = 30;
/** New sessions, each a new MCP connection with one write. */
const NEW_SESSIONS = 5;
/** Between writes: longer than the follower's and the watcher's debounce, so each write is measured alone. */
const PAUSE_MS = 300;
const ITEMS = FOLLOWED_WRITES + 2;

/** Write k: k items completed, item k in progress; the status bar reads `k/ITEMS · Step k+1`. */
export function planAt(k: number): TodoArg[] {
  return Array.from({ length: ITEMS }, (_, i) => ({
    content: `Step ${i + 1}`,
    status: i < k ? 'completed' : i === k ? 'in_progress' : 'pending',
  }));
}
export const statusText = (k: number): string => `${k}/${ITEMS} · Step ${k + 1}`;

/**
 * Installed in the workbench page: the first time (Date.now()) each distinct text of
 * our status bar item is in the DOM. A string, so no transpiler helper runs in the page.
 */
export const OBSERVER_SOURCE = `(() => {
  const seen = {};
  window.__statusSeen = seen;
  const part = document.getElementById('workbench.parts.statusbar');
  const check = () => {
    const item = part && part.querySelector('.statusbar-item[id$="agentChecklist.plan"]');
    if (!item) return;
    const text = (item.innerText || '').replace(/\\s+/g, ' ').trim();
    if (text && !(text in seen)) seen[text] = Date.now();
  };
  new MutationObserver(check).observe(part, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
  return true;
})()`;

export async function seenAt(page: Page, text: string): Promise<number | null> {
  const raw: unknown = await page.evaluate(`(window.__statusSeen || {})[${JSON.stringify(text)}] ?? null`);
  return typeof raw === 'number' ? raw : null;
}

/** The ts of each todo/write in a session log, in order. */
function writeTimes(file: string): number[] {
  return loadLogFile(file).events.flatMap((e) => (e.type === 'todo/write' ? [Date.parse(e.ts)] : []));
}

function newestLog(dir: string, except: ReadonlySet<string>): string | undefined {
  return fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.jsonl') && !except.has(n))
    .map((n) => path.join(dir, n))[0];
}

export async function runExternalBench(log: (line: string) => void): Promise<Metric[]> {
  if (!fs.existsSync(READY_MARKER)) {
    log('  skipped: code-server is not installed here');
    return [];
  }
  const workbench = await openWorkbench({ extensionDevelopmentPath: REPO_ROOT });
  const sessions = path.join(workbench.workspace, '.agent-checklist', 'sessions');
  try {
    const { page } = workbench;
    await openContainer(page);
    // The Agent view's page is up, so the extension is active and watching: a log that
    // already exists when it activates is (rightly) not jumped to.
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    await page.evaluate(OBSERVER_SOURCE);
    const load = os.loadavg()[0] ?? 0;
    log(
      `  ${FOLLOWED_WRITES} writes to a followed MCP session, ${PAUSE_MS} ms apart (load average ${load.toFixed(2)})…`,
    );

    // The followed session: its first write opens it (not timed), then each write is.
    const agent = await startExternalAgent(workbench.workspace, { name: 'claude-code', version: 'bench' });
    const followed: number[] = [];
    const fromCall: number[] = [];
    let file: string | undefined;
    try {
      await agent.write(planAt(0));
      await until(
        () => seenAt(page, statusText(0)),
        (t) => t !== null,
        'the first MCP plan in the status bar',
        60_000,
      );
      for (let k = 1; k <= FOLLOWED_WRITES; k++) {
        await new Promise((r) => setTimeout(r, PAUSE_MS));
        const called = Date.now();
        await agent.write(planAt(k));
        const shown = await until(
          () => seenAt(page, statusText(k)),
          (t) => t !== null,
          `write ${k} in the status bar`,
          30_000,
        );
        fromCall.push((shown ?? NaN) - called);
      }
      file = newestLog(sessions, new Set());
    } finally {
      await agent.close();
    }
    if (!file) throw new Error(`no session log in ${sessions}`);
    const ts = writeTimes(file);
    for (let k = 1; k <= FOLLOWED_WRITES; k++)
      followed.push(((await seenAt(page, statusText(k))) ?? NaN) - (ts[k] ?? NaN));
    log(`    append -> status bar (ms): ${followed.join(' ')}`);

    // New sessions: each connection's first plan, noticed by the folder watcher.
    log(`  ${NEW_SESSIONS} new MCP sessions, one write each…`);
    const fresh: number[] = [];
    const known = new Set(fs.readdirSync(sessions));
    for (let n = 0; n < NEW_SESSIONS; n++) {
      await new Promise((r) => setTimeout(r, PAUSE_MS));
      const k = FOLLOWED_WRITES + 1 - n; // a text not shown before
      const next = await startExternalAgent(workbench.workspace, { name: 'codex-mcp-client', version: 'bench' });
      try {
        await next.write(planAt(k));
        const shown = await until(
          () => seenAt(page, statusText(k)),
          (t) => t !== null,
          `new session ${n + 1} in the status bar`,
          30_000,
        );
        const logFile = newestLog(sessions, known);
        if (!logFile) throw new Error('the new session wrote no log');
        known.add(path.basename(logFile));
        fresh.push((shown ?? NaN) - (writeTimes(logFile)[0] ?? NaN));
      } finally {
        await next.close();
      }
      // The next new session's text must differ from this one: reset to a text no write shows.
      await page.evaluate(
        'window.__statusSeen = (() => { const s = window.__statusSeen; for (const k of Object.keys(s)) delete s[k]; return s; })()',
      );
    }
    log(`    new session's first write -> status bar (ms): ${fresh.join(' ')}`);

    return [
      {
        name: 'machine load average (1 min) when the writes started',
        value: round(load, 2),
        unit: '',
        target: 'report',
        met: null,
      },
      {
        name: 'external write -> status bar text, followed session: todo/write append (log ts) -> text in the page (median)',
        value: round(median(followed), 1),
        unit: 'ms',
        target: 'reported',
        met: null,
      },
      {
        name: 'external write -> status bar text, followed session (p95)',
        value: round(percentile(followed, 95), 1),
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: 'external write -> status bar text, followed session (max)',
        value: Math.max(...followed),
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: 'todo_write call at the MCP client -> status bar text, followed session (median)',
        value: round(median(fromCall), 1),
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: `new external session's first write -> status bar text (median of ${NEW_SESSIONS})`,
        value: round(median(fresh), 1),
        unit: 'ms',
        target: 'report',
        met: null,
      },
    ];
  } finally {
    await workbench.close();
  }
}
