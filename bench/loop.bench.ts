// The agent loop's own overhead per step, with the model's time excluded (the scripted
// model answers at once): request building, deriveMessages, tool dispatch, appends.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runTurn } from '../extension/src/core/agent/loop';
import { ScriptedProvider, type ScriptedResponse } from '../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../extension/src/core/agent/tool-set';
import { makeHeader } from '../extension/src/core/session/header';
import { Session } from '../extension/src/core/session/session';
import { SessionStore } from '../extension/src/core/store/session-store';
import { median, now, round } from './stats';
import type { Metric } from './report';

const STEPS = 10;

function script(): ScriptedResponse[] {
  const steps: ScriptedResponse[] = Array.from({ length: STEPS - 1 }, (_, i) => ({
    text: `step ${i}`,
    toolCalls: [
      {
        name: 'todo_write',
        arguments: {
          todos: Array.from({ length: 5 }, (_, j) => ({
            content: `task ${j}`,
            status: j < i / 2 ? 'completed' : j === Math.ceil(i / 2) ? 'in_progress' : 'pending',
          })),
        },
      },
    ],
  }));
  return [...steps, { text: 'done' }];
}

async function perStep(session: Session): Promise<number> {
  const { registry } = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: true });
  const t = now();
  await runTurn(session, 'bench', {
    provider: new ScriptedProvider({ responses: script() }),
    tools: registry,
    maxSteps: STEPS + 1,
  });
  return (now() - t) / STEPS;
}

export async function runLoopBench(): Promise<Metric[]> {
  const memory = new Session(makeHeader({ id: 'bench-mem' }));
  const memTimes: number[] = [];
  for (let i = 0; i < 23; i++) memTimes.push(await perStep(memory));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-loop-'));
  const opened = new SessionStore(dir).create({ id: 'bench-file' });
  const fileTimes: number[] = [];
  try {
    for (let i = 0; i < 23; i++) fileTimes.push(await perStep(opened.session));
  } finally {
    opened.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return [
    {
      name: 'loop overhead per step, in memory (median)',
      value: round(median(memTimes.slice(3)), 3),
      unit: 'ms',
      target: 'report',
      met: null,
    },
    {
      name: 'loop overhead per step, file-backed with fsync (median)',
      value: round(median(fileTimes.slice(3)), 3),
      unit: 'ms',
      target: 'report',
      met: null,
    },
  ];
}
