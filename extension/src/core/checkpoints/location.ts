// Where the shadow repositories live: the extension passes its global storage; the CLI
// uses its state folder, `$XDG_STATE_HOME/agent-checklist/checkpoints` (default
// ~/.local/state/agent-checklist/checkpoints), the root the sandbox's quarantine uses.
import * as os from 'node:os';
import * as path from 'node:path';

export function cliCheckpointsBase(env: NodeJS.ProcessEnv = process.env): string {
  const state = env['XDG_STATE_HOME'] || path.join(os.homedir(), '.local', 'state');
  return path.join(state, 'agent-checklist', 'checkpoints');
}
