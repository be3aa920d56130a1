// Shared by the provider tests: the recorded fixtures, a real session over a real
// SessionStore in a temp dir, the real tool registry, and reading the results back
// from the log file the way a user's tools would.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { runTurn, type TurnOptions } from '../../../extension/src/core/agent/loop';
import type { LiveDelta } from '../../../extension/src/core/session/live-delta';
import type { ModelProvider } from '../../../extension/src/core/agent/provider';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import type { SessionEvent, SessionEventType, TurnEndReason } from '../../../extension/src/core/session/events';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore, type WritableSession } from '../../../extension/src/core/store/session-store';
import { foldStandingPlan, readStandingPlan } from '../support/plan-folds';

const REPO_ROOT = path.resolve(__dirname, '../../..');
/** The recorded DeepSeek stream, a fixture of this repository (its README says where it comes from). */
const RECORDED_TODO_WRITE_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'recorded-deepseek', 'todo-write');

const todoSchema = z.object({ content: z.string(), status: z.enum(['pending', 'in_progress', 'completed']) });
const recordedManifestSchema = z.object({
  model: z.string(),
  steps: z.array(
    z.object({
      file: z.string(),
      finish_reason: z.string(),
      tool_calls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
      text: z.string(),
    }),
  ),
  recorded_todo_writes: z.array(z.array(todoSchema)),
  standing_plan_at_end: z.nullable(z.array(todoSchema)),
  first_user_prompt: z.string(),
});
export type RecordedManifest = z.infer<typeof recordedManifestSchema>;

/** The recorded DeepSeek fixture: its manifest, validated, and each step's bytes in order. */
export function loadRecordedTodoWrite(): { manifest: RecordedManifest; steps: Buffer[] } {
  const manifestPath = path.join(RECORDED_TODO_WRITE_DIR, 'manifest.json');
  const manifest = recordedManifestSchema.parse(JSON.parse(fs.readFileSync(manifestPath, 'utf8')));
  const steps = manifest.steps.map((step) => fs.readFileSync(path.join(RECORDED_TODO_WRITE_DIR, step.file)));
  return { manifest, steps };
}

/** A fresh session in a temp dir, with todo_write enabled (parallel in_progress allowed). */
function openTestSession(): {
  opened: WritableSession;
  dir: string;
  tools: TurnOptions['tools'];
  dispose: () => void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-providers-'));
  const store = new SessionStore(dir);
  const opened = store.create({ cwd: dir, title: 'provider test' });
  const toolSet = buildToolRegistry({ tools: ['todo_write'], allowParallelInProgress: true });
  return {
    opened,
    dir,
    tools: toolSet.registry,
    dispose: () => {
      toolSet.owned.dispose();
      opened.dispose();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface TurnRun {
  end: TurnEndReason;
  events: readonly SessionEvent[];
  logPath: string;
  logText: string;
  deltas: LiveDelta[];
  /** Delays the loop asked to wait between attempts (the injected sleep records them). */
  sleeps: number[];
  /** The standing plan as the reverse tail reader reads it from the file. */
  tailPlan: ReturnType<typeof readStandingPlan>;
}

/** Runs one real turn through the real loop; retries sleep 0 ms but record the asked delay. */
export async function runProviderTurn(
  provider: ModelProvider,
  prompt: string,
  extra: Partial<TurnOptions> = {},
): Promise<TurnRun> {
  const test = openTestSession();
  try {
    const deltas: LiveDelta[] = [];
    const sleeps: number[] = [];
    const end = await runTurn(test.opened.session, prompt, {
      provider,
      tools: test.tools,
      maxSteps: 8,
      onDelta: (d) => deltas.push(d),
      ...extra,
      retry: {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        ...extra.retry,
      },
    });
    const logPath = test.opened.path;
    // The log must load with every invariant checked, whatever happened.
    loadLogFile(logPath);
    return {
      end,
      events: test.opened.session.events,
      logPath,
      logText: fs.readFileSync(logPath, 'utf8'),
      deltas,
      sleeps,
      tailPlan: readStandingPlan(logPath),
    };
  } finally {
    test.dispose();
  }
}

export function eventsOf<K extends SessionEventType>(
  events: readonly SessionEvent[],
  type: K,
): Extract<SessionEvent, { type: K }>[] {
  return events.filter((e): e is Extract<SessionEvent, { type: K }> => e.type === type);
}

export function standingPlan(events: readonly SessionEvent[]): ReturnType<typeof foldStandingPlan> {
  return foldStandingPlan(events);
}

export function finalText(events: readonly SessionEvent[]): string {
  const messages = eventsOf(events, 'assistant/message');
  const last = messages[messages.length - 1];
  return last ? last.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('') : '';
}
