// UI benchmarks: live update latency measured in the real webview (code-server in
// Debian's Chromium), from each `todo/write` append in the extension host to the
// plan strip's header showing it. (Bundle sizes: bench/bundle.bench.ts.)
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Frame } from 'playwright-core';
import { chromiumPath } from '../scripts/vscode-server/browser.mjs';
import { ENTRY, READY_MARKER, REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import type { ScriptedResponse } from '../extension/src/core/agent/providers/scripted';
import { stripHeader } from '../extension/src/core/plan/summaries';
import type { TodoItem } from '../extension/src/core/plan/todo-schema';
import { loadLogFile } from '../extension/src/core/store/log-file';
import {
  agentFrame,
  agentFrameHandle,
  answerInputBox,
  openContainer,
  openWorkbench,
  runCommand,
  sessionLogFiles,
  until,
} from '../test/e2e/workbench';
import { median, percentile, round } from './stats';
import type { Metric } from './report';

/** Writes in the scripted turn; write k has k completed, 1 in progress: every strip header differs. */
const WRITES = 30;
const DELAY_MS = 200;
const FINAL_TEXT = 'All steps are done.';

function planAt(k: number): TodoItem[] {
  return Array.from({ length: WRITES }, (_, i) => ({
    content: `Step ${i + 1} of the benchmark plan`,
    status: i < k ? 'completed' : i === k ? 'in_progress' : 'pending',
  }));
}

function script(): { responses: ScriptedResponse[] } {
  const writes: ScriptedResponse[] = Array.from({ length: WRITES }, (_, k) => ({
    delayMs: DELAY_MS,
    toolCalls: [{ name: 'todo_write', arguments: { todos: planAt(k) } }],
  }));
  return { responses: [...writes, { delayMs: DELAY_MS, text: FINAL_TEXT }] };
}

interface SeenRecord {
  text: string;
  /** Date.now() in the webview when the MutationObserver first saw this header text. */
  dom: number;
  /** Date.now() in the next requestAnimationFrame callback after that (null if none ran yet). */
  frame: number | null;
}

/**
 * Installed in the webview document: records the first time each distinct strip
 * header text is in the DOM. A string, not a function, so no transpiler helper
 * (tsx's __name) ends up in code that runs in the page.
 */
const OBSERVER_SOURCE = `(() => {
  const seen = [];
  const known = new Set();
  window.__stripSeen = seen;
  const read = () => {
    const el = document.querySelector('.plan-strip .plan-counts') || document.querySelector('.plan-strip .plan-header');
    return el ? (el.textContent || '').replace(/\\s+/g, ' ').trim() : '';
  };
  const check = () => {
    const text = read();
    if (!text || known.has(text)) return;
    known.add(text);
    const record = { text, dom: Date.now(), frame: null };
    seen.push(record);
    requestAnimationFrame(() => { record.frame = Date.now(); });
  };
  const arrived = {};
  window.__planArrived = arrived;
  window.addEventListener('message', (event) => {
    const data = event.data;
    const plan = data && data.type === 'plan' ? data.plan : null;
    const c = plan && plan.progress && plan.progress.counts;
    if (!c) return;
    // The English strip header, from the counts the host posted (countsHeader's rule).
    const header = [c.completed && c.completed + ' completed', c.inProgress && c.inProgress + ' in progress', c.pending && c.pending + ' pending'].filter(Boolean).join(' · ');
    if (!(header in arrived)) arrived[header] = Date.now();
  });
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  check();
  return true;
})()`;

/** When each plan message (by its header) first reached the webview's window. */
async function readArrivals(frame: Frame): Promise<Map<string, number>> {
  const raw: unknown = await frame.evaluate('window.__planArrived || {}');
  const out = new Map<string, number>();
  if (typeof raw === 'object' && raw !== null)
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'number') out.set(k, v);
  return out;
}

async function readSeen(frame: Frame): Promise<SeenRecord[]> {
  const raw: unknown = await frame.evaluate('window.__stripSeen || []');
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r: unknown) => {
    if (typeof r !== 'object' || r === null) return [];
    const { text, dom, frame: f } = r as Record<string, unknown>;
    if (typeof text !== 'string' || typeof dom !== 'number') return [];
    return [{ text: text.replace(/^Plan\s*/, ''), dom, frame: typeof f === 'number' ? f : null }];
  });
}

/** The todo/write events of the finished turn: host append time and the header each should show. */
function hostWrites(userDataDir: string): { ts: number; header: string }[] | null {
  for (const file of sessionLogFiles(userDataDir)) {
    let loaded;
    try {
      loaded = loadLogFile(file);
    } catch {
      continue; // being written; read again on the next poll
    }
    if (!loaded.events.some((e) => e.type === 'turn/end')) continue;
    return loaded.events.flatMap((e) =>
      e.type === 'todo/write' ? [{ ts: Date.parse(e.ts), header: stripHeader(e.data.todos) }] : [],
    );
  }
  return null;
}

async function measureLatency(log: (line: string) => void): Promise<Metric[]> {
  const scriptDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-ui-bench-'));
  const scriptPath = path.join(scriptDir, 'model.json');
  fs.writeFileSync(scriptPath, JSON.stringify(script()));
  const workbench = await openWorkbench({
    extensionDevelopmentPath: REPO_ROOT,
    settings: {
      'agentChecklist.provider': 'scripted',
      'agentChecklist.scripted.scriptPath': scriptPath,
      'agentChecklist.maxSteps': WRITES + 5,
    },
  });
  try {
    const { page } = workbench;
    await openContainer(page);
    await agentFrame(page).locator('.composer-input').waitFor({ timeout: 60_000 });
    const frame = await agentFrameHandle(page);
    await frame.evaluate(OBSERVER_SOURCE);
    const load = os.loadavg()[0] ?? 0;
    log(`  scripted turn: ${WRITES} todo_write calls, ${DELAY_MS} ms apart (load average ${load.toFixed(2)})…`);
    await runCommand(page, 'Agent Checklist: Send Prompt…');
    await answerInputBox(page, 'Agent Checklist: Send Prompt', 'Run the benchmark plan');
    const writes = await until(
      async () => hostWrites(workbench.server.userDataDir),
      (w) => w !== null,
      'the scripted turn to end in the log',
      120_000,
    );
    if (!writes || writes.length !== WRITES)
      throw new Error(`expected ${WRITES} todo/write events in the log, found ${writes?.length ?? 0}`);
    const last = writes[writes.length - 1]?.header ?? '';
    const seen = await until(
      () => readSeen(frame),
      (s) => s.some((r) => r.text === last && r.frame !== null),
      'the last header in the webview',
      10_000,
    ).catch(() => readSeen(frame));
    const arrivals = await readArrivals(frame);
    const byText = new Map(seen.map((r) => [r.text, r]));
    const dom: number[] = [];
    const painted: number[] = [];
    const transport: number[] = [];
    const render: number[] = [];
    for (const w of writes) {
      const r = byText.get(w.header);
      if (!r) continue;
      dom.push(r.dom - w.ts);
      if (r.frame !== null) painted.push(r.frame - w.ts);
      const arrived = arrivals.get(w.header);
      if (arrived !== undefined) {
        transport.push(arrived - w.ts);
        render.push(r.dom - arrived);
      }
    }
    log(`  observed ${dom.length}/${writes.length} headers; latencies (ms): ${dom.join(' ')}`);
    log(`  of which append → plan message in the webview: ${transport.join(' ')}`);
    if (dom.length === 0)
      throw new Error(`no strip header was observed; the webview showed: ${JSON.stringify(seen.map((r) => r.text))}`);
    const med = median(dom);
    return [
      {
        name: 'machine load average (1 min) when the turn started',
        value: round(load, 2),
        unit: '',
        target: 'report',
        met: null,
      },
      {
        name: 'live update latency, todo/write append → strip header in the webview DOM (median)',
        value: round(med, 1),
        unit: 'ms',
        target: '< 16 ms',
        met: med < 16,
      },
      {
        name: 'live update latency (p95)',
        value: round(percentile(dom, 95), 1),
        unit: 'ms',
        target: 'report',
        met: null,
      },
      { name: 'live update latency (max)', value: Math.max(...dom), unit: 'ms', target: 'report', met: null },
      {
        name: 'live update latency, samples (headers observed / written)',
        value: `${dom.length}/${writes.length}`,
        unit: '',
        target: `${WRITES}/${WRITES}`,
        met: dom.length === writes.length,
      },
      {
        name: 'of which: append → plan message received by the webview (median)',
        value: transport.length ? round(median(transport), 1) : 'n/a',
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: 'of which: plan message received → header in the DOM (median)',
        value: render.length ? round(median(render), 1) : 'n/a',
        unit: 'ms',
        target: 'report',
        met: null,
      },
      {
        name: 'todo/write append → next animation frame after the header (median)',
        value: painted.length ? round(median(painted), 1) : 'n/a',
        unit: 'ms',
        target: 'report',
        met: null,
      },
    ];
  } finally {
    await workbench.close();
    fs.rmSync(scriptDir, { recursive: true, force: true });
  }
}

/** As the e2e tier's rule (scripts/vscode-server/harness.mjs), without installing anything. */
export function whyCannotRun(): string | null {
  const missing: string[] = [];
  if (!chromiumPath()) missing.push('chromium');
  if (!fs.existsSync(READY_MARKER) || !fs.existsSync(ENTRY))
    missing.push('code-server (node scripts/vscode-server/install.mjs)');
  return missing.length ? `missing ${missing.join(', ')}` : null;
}

/** The development build the workbench loads (dist/), from the current sources. */
export function buildExtension(): void {
  const result = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: REPO_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build failed:\n${result.stderr}`);
}

export async function runWebviewBench(log: (line: string) => void): Promise<Metric[]> {
  const why = whyCannotRun();
  if (why) {
    log(`  live update latency: SKIPPED — ${why}`);
    return [
      {
        name: 'live update latency (skipped: no code-server/Chromium here)',
        value: 'skipped',
        unit: '',
        target: '< 16 ms',
        met: null,
      },
    ];
  }
  buildExtension();
  return measureLatency(log);
}
