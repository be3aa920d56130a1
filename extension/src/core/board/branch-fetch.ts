// The board's Fetch: `git fetch --prune` of every remote (as `--all`) with the user's global and system config
// (a credential helper, a proxy, `url.*.insteadOf`: branch-git.ts's `userConfig`), and
// still no command taken from the repository's own config: its hooks and fsmonitor are
// off as for every board git run, and each setting that names a command is set on the
// command line (which wins over every config file): the credential helpers are reset
// and the user's global and system ones given again, ssh's and askpass's command are
// the user's (or none), the `ext::` transport, submodules and automatic gc are off; and
// each remote is fetched on its own with `--upload-pack git-upload-pack` (a remote's
// uploadpack in the config would win over one given with -c).
import { gitOutput, runGit } from './branch-git';

const COMMAND_KEYS = /^(credential\..*helper|core\.sshcommand|core\.askpass)$/i;

/** The user's (global and system) settings that name a command, in config order. */
async function userCommandSettings(folder: string): Promise<[key: string, value: string][]> {
  const chunks: Buffer[] = [];
  const args = ['config', '--show-scope', '--get-regexp', COMMAND_KEYS.source];
  await runGit(folder, args, '', (chunk) => chunks.push(chunk), 'git', true); // exit 1: none set
  const settings: [string, string][] = [];
  for (const line of Buffer.concat(chunks).toString('utf8').split('\n')) {
    const [scope, rest] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
    if (scope !== 'global' && scope !== 'system') continue;
    const space = rest.indexOf(' ');
    settings.push(space === -1 ? [rest, ''] : [rest.slice(0, space), rest.slice(space + 1)]);
  }
  return settings;
}

/** The `-c` settings that keep the repository's commands from running, the user's kept. */
async function fetchSettings(folder: string): Promise<string[]> {
  const user = await userCommandSettings(folder);
  const last = (key: string): string => user.filter(([k]) => k.toLowerCase() === key).at(-1)?.[1] ?? '';
  return [
    'credential.helper=',
    ...user.filter(([k]) => k.toLowerCase().startsWith('credential.')).map(([k, v]) => `${k}=${v}`),
    `core.sshCommand=${last('core.sshcommand') || 'ssh'}`,
    `core.askPass=${last('core.askpass')}`,
    'protocol.ext.allow=never',
    'fetch.recurseSubmodules=false',
    'gc.auto=0',
    'maintenance.auto=false',
  ].flatMap((setting) => ['-c', setting]);
}

/** `git fetch --prune` of every remote of `folder`'s repository; throws with git's reason when one fails. */
export async function fetchAll(folder: string): Promise<void> {
  const settings = await fetchSettings(folder);
  const remotes = (await gitOutput(folder, ['remote'])).split('\n').filter((r) => r !== '');
  for (const remote of remotes) {
    const args = [...settings, 'fetch', '--prune', '--upload-pack=git-upload-pack', '--', remote];
    const run = await runGit(folder, args, '', () => undefined, 'git', true);
    if (run.code !== 0) throw new Error(`git fetch ${remote} failed (exit ${String(run.code)}): ${run.stderr}`);
  }
}
