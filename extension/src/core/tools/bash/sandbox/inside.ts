// The first thing that runs inside the sandbox, before the model's command: bash,
// with the command as `$1` (never re-parsed), which
// 1. checks each read-only mount is where it was meant to be: /proc/self/mountinfo's
//    topmost mount at that path must be read-only and show, as its root, the same
//    place relative to the workspace's mount (a folder renamed and another put in
//    its place while bwrap started shows a different root, or none); on a mismatch it
//    says which path and exits 126 without running the command;
// 2. prints the notes it was given (once-per-process notices, bounds reached) to
//    stderr, i.e. into the tool's output;
// 3. when the address space is below WASM_GUARD_MIB and the `node` on PATH takes it,
//    adds --disable-wasm-trap-handler to NODE_OPTIONS (Node >= 20.15 / 22.2; an older
//    Node refuses an unknown flag there, so it is asked first: `node --version` with it);
// 4. sets the limits on itself (memory and address space always; the process count when the
//    agent is not root: for root a pids cgroup does it, see pids-cgroup.ts), after
//    the capabilities are gone;
// 5. execs `bash -c "$1"`.
import { type BashLimits, WASM_GUARD_MIB } from '../bash-limits';

/** A path as /proc/self/mountinfo writes it (space, tab, newline and backslash octal-escaped). */
const mountinfoEscape = (p: string): string =>
  p.replace(/[\\ \t\n]/g, (ch) => `\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}`);

const MOUNT_CHECK_EXIT = 126;

const SCRIPT = [
  'cmd=$1 note=$2 kib=$3 nproc=$4 ws=$5 dkib=$6 notrap=$7; shift 7',
  'declare -A root opts',
  'while read -r _ _ _ r p o _; do root[$p]=$r; opts[$p]=$o; done < /proc/self/mountinfo',
  `[[ -n \${root[$ws]+x} ]] || { echo "sandbox: the workspace is not ` +
    `mounted as expected; nothing was run" >&2; exit ${MOUNT_CHECK_EXIT}; }`,
  'base=${root[$ws]}; [[ $base == / ]] && base=',
  'for p in "$@"; do',
  '  want=$base${p#"$ws"}',
  `  if [[ \${root[$p]-} != "$want" || ! ( \${opts[$p]-} == ro || \${opts[$p]-} == ` +
    `ro,* ) ]]; then echo "sandbox: $p is not the read-only mount it should be (replaced ` +
    `while the sandbox started?); nothing was run" >&2; exit ${MOUNT_CHECK_EXIT}; fi`,
  'done',
  '[[ -z $note ]] || printf "%s\\n" "$note" >&2',
  'if [[ -n $notrap ]] && command -v node >/dev/null 2>&1; then',
  '  nodeopts="--disable-wasm-trap-handler${NODE_OPTIONS:+ $NODE_OPTIONS}"',
  '  if NODE_OPTIONS=$nodeopts node --version >/dev/null 2>&1; then export NODE_OPTIONS=$nodeopts; fi',
  'fi',
  'ulimit -v "$kib" || exit 1',
  'ulimit -d "$dkib" || exit 1',
  'if [[ -n $nproc ]]; then ulimit -u "$nproc" || exit 1; fi',
  'exec bash -c "$cmd"',
].join('\n');

export interface InsideOptions {
  command: string;
  limits: BashLimits;
  /** The agent is root: no `ulimit -u` (Linux ignores it for root). */
  root: boolean;
  /** The workspace's real path (its writable bind mount). */
  writable: string;
  /** Real paths mounted read-only inside it. */
  readOnly: readonly string[];
  notes: readonly string[];
}

/** The command line after bwrap's `--`. */
export function insideCommand(o: InsideOptions): string[] {
  const nproc = o.root ? '' : String(o.limits.processes);
  return [
    'bash',
    '-c',
    SCRIPT,
    'agent-checklist-sandbox',
    o.command,
    o.notes.join('\n'),
    String(o.limits.addressSpaceMiB * 1024),
    nproc,
    mountinfoEscape(o.writable),
    String(o.limits.memoryMiB * 1024),
    o.limits.addressSpaceMiB < WASM_GUARD_MIB ? '1' : '',
    ...o.readOnly.map(mountinfoEscape),
  ];
}
