// `run [options] <prompt>`: one turn of a headless session, through the same core
// the extension uses. A new session unless --session names one to continue.
import * as path from 'node:path';
import { runTurn } from '../../core/agent/loop';
import { buildToolRegistry, DEFAULT_TOOLS, ToolSetError } from '../../core/agent/tool-set';
import { TODO_WRITE_TOOL_NAME } from '../../core/plan/todo-write-tool';
import { planAsText } from '../../core/plan/summaries';
import { todosProjection } from '../../core/plan/todos-projection';
import { LiveProjection } from '../../core/projection/projection';
import type { SessionEvent, TurnEndReason } from '../../core/session/events';
import { SessionStore } from '../../core/store/session-store';
import { createCliProvider, type ProviderFlags } from '../provider-factory';
import { EXIT_FAILED, EXIT_OK, UsageError } from '../usage';
import type { CliIo } from '../io';

export interface RunFlags extends ProviderFlags {
  prompt: string;
  sessionDir?: string;
  session?: string;
  allowParallelInProgress?: string;
  tools?: string;
  maxSteps?: string;
  json: boolean;
}

function parseBool(flag: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new UsageError(`${flag} must be true or false (got ${JSON.stringify(value)})`);
}

export async function runCommand(io: CliIo, flags: RunFlags, signal: AbortSignal): Promise<number> {
  const tools = flags.tools === undefined ? [...DEFAULT_TOOLS] : flags.tools.split(',').map((t) => t.trim()).filter(Boolean);
  const allowParallel = parseBool('--allow-parallel-in-progress', flags.allowParallelInProgress);
  if (tools.includes(TODO_WRITE_TOOL_NAME) && allowParallel === undefined) {
    throw new UsageError('--allow-parallel-in-progress true|false is required when todo_write is enabled');
  }
  const maxSteps = flags.maxSteps === undefined ? 25 : Number(flags.maxSteps);
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new UsageError(`--max-steps must be a whole number of at least 1 (got ${JSON.stringify(flags.maxSteps)})`);
  let toolSet;
  try {
    toolSet = buildToolRegistry({ tools, ...(allowParallel === undefined ? {} : { allowParallelInProgress: allowParallel }) });
  } catch (error) {
    if (error instanceof ToolSetError) throw new UsageError(error.message);
    throw error;
  }
  const provider = createCliProvider(flags, io);
  const store = new SessionStore(path.resolve(io.cwd, flags.sessionDir ?? '.agent-checklist/sessions'));
  if (flags.session !== undefined && !store.exists(flags.session)) {
    io.err(`no session ${JSON.stringify(flags.session)} in ${store.dir}`);
    return EXIT_FAILED;
  }
  const opened = flags.session === undefined ? store.create({ cwd: io.cwd, title: flags.prompt.slice(0, 80) }) : store.openForWrite(flags.session);
  if (opened.repair.cutBytes || opened.repair.appended) {
    io.err(`repaired ${opened.path}: cut ${opened.repair.cutBytes} torn bytes, closed the interrupted turn with ${opened.repair.appended} event(s)`);
  }
  const plan = new LiveProjection(todosProjection, opened.session);
  try {
    if (!flags.json) plan.onChange((todos) => io.err(todos === null ? '— plan cleared' : `— plan\n${planAsText(todos)}`));
    const turnEnd = await runTurn(opened.session, flags.prompt, {
      provider,
      tools: toolSet.registry,
      maxSteps,
      signal,
      onDelta: (d) => {
        if (!flags.json && d.kind === 'text') io.write(d.text);
        if (!flags.json && d.kind === 'reset') io.err(`\n— model request failed (${d.message}); retry ${d.attempt} in ${d.delayMs} ms`);
      },
    });
    const finalText = lastAssistantText(opened.session.events, opened.session.lastTurn);
    if (flags.json) {
      io.out(JSON.stringify({ sessionId: opened.session.id, logPath: opened.path, finalText, plan: plan.state, turnEnd }));
    } else {
      io.write('\n');
      io.err(`— turn ${opened.session.lastTurn} ended: ${describe(turnEnd)} (session ${opened.session.id})`);
    }
    return turnEnd.kind === 'completed' ? EXIT_OK : EXIT_FAILED;
  } finally {
    plan.dispose();
    toolSet.owned.dispose();
    opened.dispose();
  }
}

function describe(reason: TurnEndReason): string {
  switch (reason.kind) {
    case 'completed':
      return 'completed';
    case 'max-steps':
      return `max-steps (${reason.maxSteps})`;
    case 'error':
      return `error: ${reason.message}`;
    case 'aborted':
    case 'interrupted':
      return reason.kind;
  }
}

function lastAssistantText(events: readonly SessionEvent[], turn: number): string {
  let text = '';
  let current = 0;
  for (const event of events) {
    if (event.type === 'turn/start') current = event.data.turn;
    if (current === turn && event.type === 'assistant/message') {
      const t = event.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      if (t) text = t;
    }
  }
  return text;
}
