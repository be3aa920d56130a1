// `mcp --plan-file <path>`: the standing plan of the session the client writes, kept
// in that file as the plan's one Markdown checklist (core/plan/plan-markdown.ts, what
// `plan --format markdown` prints and `agentChecklist.planFile` holds), rewritten after
// each accepted todo_write, so an agent on any machine commits its plan with its
// branch and the board reads it there. A spec-kit or Kiro tasks.md there stays one:
// only the lines whose item changed are rewritten (core/plan/task-files/). A relative path is relative to the server's
// folder; never a file in `.git` or `.agent-checklist`. Each write is a temporary file
// renamed over the old one: a reader (git, the editor) sees one whole version.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { NOT_PLAN_FILE_FOLDERS } from '../core/board/plan-file-name';
import { planFileText } from '../core/plan/task-files/plan-file-format';
import type { StandingPlan } from '../core/plan/todos-projection';
import { UsageError } from './usage';

/** The file `flag` names from `cwd`; a usage error for one in `.git` or `.agent-checklist`. */
export function planFilePath(cwd: string, flag: string): string {
  const file = path.resolve(cwd, flag);
  if (flag.trim() === '' || file.split(path.sep).some((part) => NOT_PLAN_FILE_FOLDERS.includes(part)))
    throw new UsageError(`--plan-file cannot be ${JSON.stringify(flag)} (not in .git or .agent-checklist)`);
  return file;
}

/** Writes each plan it is told to `file`, when it differs from what the file holds; failures go to `log`. */
export function planFileWriter(file: string, log: (line: string) => void): (plan: StandingPlan) => void {
  return (plan) => {
    if (plan === null) return; // nothing is written while the session has no plan
    try {
      const current = readOrNull(file);
      const text = planFileText(current, plan);
      if (current === text) return;
      const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
      fs.writeFileSync(temp, text);
      fs.renameSync(temp, file);
    } catch (error) {
      log(`could not write the plan file ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
}

function readOrNull(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}
