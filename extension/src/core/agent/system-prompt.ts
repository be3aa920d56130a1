// The system prompt. Short on purpose: the tools' own descriptions carry their rules.
// With a workspace it also says where the agent is (root, OS and shell, today's
// date) and carries the project's own rules (workspace-rules.ts), so the model
// knows what the user's project asks of it.
import type { WorkspaceRules } from './workspace-rules';

export const DEFAULT_SYSTEM_PROMPT = [
  "You are a coding agent working in the user's workspace.",
  'For multi-step work, plan with the todo_write tool before you start and keep the list current as you go.',
  'Answer concisely when the work is done.',
].join(' ');

export interface WorkspaceEnvironment {
  /** The workspace folder (absolute path or URI as the host names it). */
  root: string;
  /** `linux`, `darwin`, `win32` … (process.platform). */
  os: string;
  /** The shell bash commands run in, e.g. `/bin/bash`. */
  shell: string;
  /** Today, `YYYY-MM-DD`. */
  date: string;
  rules: WorkspaceRules | null;
}

export function isoDate(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function buildSystemPrompt(env: WorkspaceEnvironment): string {
  const lines = [
    DEFAULT_SYSTEM_PROMPT,
    '',
    `Workspace root: ${env.root}`,
    `Operating system: ${env.os}; shell: ${env.shell}`,
    `Today's date: ${env.date}`,
  ];
  if (env.rules) {
    lines.push(
      '',
      `The project's rules, from ${env.rules.file} at the workspace root (follow them):`,
      '',
      env.rules.text,
    );
  }
  return lines.join('\n');
}
