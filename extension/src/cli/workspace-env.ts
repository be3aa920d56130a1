// The CLI's workspace environment for the system prompt: the --cwd folder, this
// machine's OS, bash (what the bash tool runs), today's date and the project's rules
// file read with node fs. A rules path that is not a regular file inside the root
// (a folder, a symlink out) is not read.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isoDate, type WorkspaceEnvironment } from '../core/agent/system-prompt';
import { readWorkspaceRules } from '../core/agent/workspace-rules';

export async function cliWorkspaceEnvironment(root: string, now: Date = new Date()): Promise<WorkspaceEnvironment> {
  const realRoot = fs.realpathSync(root);
  const rules = await readWorkspaceRules(async (relative) => {
    const file = path.join(root, relative);
    try {
      const real = fs.realpathSync(file);
      if (real !== path.join(realRoot, relative) || !fs.statSync(real).isFile()) return null;
      return fs.readFileSync(real, 'utf8');
    } catch {
      return null;
    }
  });
  return { root, os: process.platform, shell: 'bash', date: isoDate(now), rules };
}
