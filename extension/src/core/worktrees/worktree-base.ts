// Where the CLI makes items' worktrees: beside the checkpoints in its state folder,
// `$XDG_STATE_HOME/agent-checklist/worktrees` (default ~/.local/state/...), outside any
// workspace. The extension passes its global storage instead.
import * as path from 'node:path';
import { cliCheckpointsBase } from '../checkpoints/location';

export function cliWorktreesBase(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(path.dirname(cliCheckpointsBase(env)), 'worktrees');
}
