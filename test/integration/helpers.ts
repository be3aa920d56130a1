// Shared by the extension-host tests: the extension's test API (real objects), the
// scripted model files they play, and settings written through the real API.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { writeSyntheticLog, type SyntheticLog } from '../../bench/synthetic-log';
import type { AgentChecklistApi } from '../../extension/src/extension';
import type { AgentChecklistTestApi as TestModuleApi } from './test-api/test-api';
import type { PlanTreeNodeRow } from './test-api/test-api';

/** What activate returns in ExtensionMode.Test: the test module's observers and the public API on the same object. */
export type AgentChecklistTestApi = TestModuleApi & AgentChecklistApi;

export const EXTENSION_ID = 'agent-checklist.agent-checklist';

let api: AgentChecklistTestApi | undefined;

/** The recorded DeepSeek stream's two responses, in order (test/fixtures/recorded-deepseek, a fixture of the repository). */
export function recordedDeepSeekSteps(): Buffer[] {
  const root = vscode.extensions.getExtension(EXTENSION_ID)?.extensionPath ?? '';
  const dir = path.join(root, 'test', 'fixtures', 'recorded-deepseek', 'todo-write');
  return ['step-01.sse', 'step-02.sse'].map((file) => fs.readFileSync(path.join(dir, file)));
}

export async function getApi(): Promise<AgentChecklistTestApi> {
  if (api) return api;
  const extension = vscode.extensions.getExtension<AgentChecklistTestApi | undefined>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this extension host`);
  const exported = await extension.activate();
  if (!exported) throw new Error('the extension returned no test API (is it running in production mode?)');
  api = exported;
  return api;
}

export interface Todo {
  content: string;
  status: 'pending' | 'in_progress' | 'completed';
}

export const todoWrite = (todos: Todo[], text?: string): Record<string, unknown> => ({
  ...(text ? { text } : {}),
  toolCalls: [{ name: 'todo_write', arguments: { todos } }],
});

/** A scripted response that calls one tool (`id` names the call; the scripted model makes one up otherwise). */
export const toolCall = (
  name: string,
  args: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> => ({
  ...extra,
  toolCalls: [{ name, arguments: args }],
});

/** Writes a scripted model file and points the settings at it (provider `scripted`). */
export async function useScript(responses: Record<string, unknown>[]): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-script-'));
  const file = path.join(dir, 'script.json');
  fs.writeFileSync(file, JSON.stringify({ responses }));
  const config = vscode.workspace.getConfiguration('agentChecklist');
  await config.update('provider', 'scripted', vscode.ConfigurationTarget.Global);
  await config.update('scripted.scriptPath', file, vscode.ConfigurationTarget.Global);
  return file;
}

export async function setSetting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('agentChecklist').update(key, value, vscode.ConfigurationTarget.Global);
}

/** Polls until `condition` holds; the deadline only bounds a hang, it asserts nothing about speed. */
export async function waitFor(condition: () => boolean, what: string, deadlineMs = 20_000): Promise<void> {
  const end = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const logLineSchema = z.object({ type: z.string(), ts: z.optional(z.string()), data: z.optional(z.unknown()) });

/** The session log's lines (header included), as written on disk. */
export function logLines(file: string): z.infer<typeof logLineSchema>[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => logLineSchema.parse(JSON.parse(line)));
}

const toolResultSchema = z.object({ callId: z.string(), isError: z.boolean(), content: z.string() });

/** The tool results in a log, in order. */
export function toolResults(file: string): z.infer<typeof toolResultSchema>[] {
  return logLines(file)
    .filter((l) => l.type === 'tool/result')
    .map((l) => toolResultSchema.parse(l.data));
}

/** Markdown-escaped text (MarkdownString.appendText: backslashes, `&nbsp;` for spaces) back to plain text, for reading tooltips. */
export function unescapeMarkdown(markdown: string): string {
  return markdown.replace(/&nbsp;/g, ' ').replace(/\\([\\`*_{}[\]()#+\-.!|<>~$])/g, '$1');
}

/** The Plan tree's rows as labels, a row with children as [label, its children's shape]. */
export const treeShape = (rows: PlanTreeNodeRow[]): unknown[] =>
  rows.map((r) => (r.children.length ? [r.label, treeShape(r.children)] : r.label));

/**
 * After a turn in the own session (so its folder exists), writes a large session's log
 * beside it: over the 8 MiB that make an open streamed, ending on a plan.
 */
export async function largeSessionBeside(
  id: string,
  title: string,
): Promise<SyntheticLog & { lastPlan: NonNullable<SyntheticLog['lastPlan']> }> {
  await vscode.commands.executeCommand('agentChecklist.newSession');
  await useScript([{ text: 'Hello.' }]);
  assert.deepEqual(await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Start small'), {
    kind: 'completed',
  });
  const ownLog = (await getApi()).session()?.logPath;
  assert.ok(ownLog, 'the own session has a log');
  const large = writeSyntheticLog(
    path.join(path.dirname(ownLog), `${id}.jsonl`),
    { bytes: 9 * 1024 * 1024 },
    { id, title },
  );
  const { lastPlan } = large;
  assert.ok(lastPlan && lastPlan.length > 0, 'the large log ends on a plan');
  return { ...large, lastPlan };
}
