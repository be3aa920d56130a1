// Scripted turns of 50 and then 400 todo_write steps in the real workbench
// (code-server + Chromium, the extension from dist/, the Agent view open so every
// step is posted and painted): per-step cost = (turn/end ts − turn/start ts) / steps,
// read from the session log. The 400-step turn runs after the 50-step one, in the
// same session: its transcript is the larger.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ScriptedResponse } from '../extension/src/core/agent/providers/scripted';
import { loadLogFile } from '../extension/src/core/store/log-file';
import { agentFrame, openContainer, openWorkbench, sessionLogFiles, until } from '../test/e2e/workbench';
import { READY_MARKER, REPO_ROOT } from '../scripts/vscode-server/paths.mjs';
import { planAt } from './follow-steps';
import type { Metric } from './report';
import { round } from './stats';

const TURNS = [50, 400];

function script(): { responses: ScriptedResponse[] } {
  const responses: ScriptedResponse[] = [];
  for (const steps of TURNS) {
    for (let k = 0; k < steps; k++)
      responses.push({ toolCalls: [{ name: 'todo_write', arguments: { todos: planAt(k) } }] });
    responses.push({ text: `Done with ${steps} steps.` });
  }
  return { responses };
}

/** Each ended turn's duration from its log lines (turn/start ts -> turn/end ts). */
function turnDurations(userDataDir: string): number[] | null {
  for (const file of sessionLogFiles(userDataDir)) {
    let loaded;
    try {
      loaded = loadLogFile(file);
    } catch {
      continue; // being written
    }
    const starts = new Map<number, number>();
    const out: number[] = [];
    for (const e of loaded.events) {
      if (e.type === 'turn/start') starts.set(e.data.turn, Date.parse(e.ts));
      if (e.type === 'turn/end') out.push(Date.parse(e.ts) - (starts.get(e.data.turn) ?? NaN));
    }
    return out;
  }
  return null;
}

export async function runStepsBench(log: (line: string) => void): Promise<Metric[]> {
  if (!fs.existsSync(READY_MARKER)) {
    log('  skipped: code-server is not installed here');
    return [];
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-steps-'));
  const scriptPath = path.join(dir, 'model.json');
  fs.writeFileSync(scriptPath, JSON.stringify(script()));
  const workbench = await openWorkbench({
    extensionDevelopmentPath: REPO_ROOT,
    settings: {
      'agentChecklist.provider': 'scripted',
      'agentChecklist.scripted.scriptPath': scriptPath,
      'agentChecklist.maxSteps': 450,
    },
  });
  try {
    const { page } = workbench;
    await openContainer(page);
    const frame = agentFrame(page);
    await frame.locator('.composer-input').waitFor({ timeout: 60_000 });
    const metrics: Metric[] = [];
    const perStep: number[] = [];
    for (const [i, steps] of TURNS.entries()) {
      log(`  turn of ${steps} todo_write steps (load average ${(os.loadavg()[0] ?? 0).toFixed(2)})…`);
      await frame.locator('.composer-input').fill(`Run ${steps} steps`);
      await frame.locator('.composer-input').press('Enter');
      const durations = await until(
        async () => turnDurations(workbench.server.userDataDir),
        (d) => d !== null && d.length > i,
        `turn ${i + 1} to end`,
        600_000,
      );
      const ms = durations?.[i] ?? NaN;
      perStep.push(ms / steps);
      await frame.getByRole('button', { name: 'Send', exact: true }).waitFor({ timeout: 60_000 });
      log(`    ${ms} ms: ${(ms / steps).toFixed(1)} ms per step`);
      metrics.push({
        name: `scripted turn of ${steps} todo_write steps in the workbench, per step`,
        value: round(ms / steps, 1),
        unit: 'ms',
        target: 'reported',
        met: null,
      });
    }
    const ratio = (perStep[1] ?? NaN) / (perStep[0] ?? NaN);
    metrics.push({
      name: 'per-step cost ratio 400 / 50 steps',
      value: round(ratio, 2),
      unit: '×',
      target: '≤ 1.2×',
      met: ratio <= 1.2,
    });
    return metrics;
  } finally {
    await workbench.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
