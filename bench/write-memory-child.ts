// A process that writes one large file through the real write_file tool (raw JSON
// arguments, as a model sends them) and reports on stdout, as JSON, the resident
// memory before the call and the peak during it, in bytes. On Linux the peak is reset
// just before the call (`5` to /proc/self/clear_refs), so the set-up's own peak (the
// content and its JSON built above) is not counted; elsewhere it is the process's.
// argv: <workspace> <content bytes>
import * as fs from 'node:fs';
import { Approvals } from '../extension/src/core/tools/approvals';
import { NodeWorkspaceFs } from '../extension/src/core/tools/node-workspace-fs';
import { ToolRegistry } from '../extension/src/core/tools/registry';
import { Workspace } from '../extension/src/core/tools/workspace';
import { createWriteFileTool } from '../extension/src/core/tools/write-file/write-file-tool';

/** Resets the kernel's peak-RSS mark (Linux); false where that cannot be done. */
function resetPeak(): boolean {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

/** VmHWM, the peak RSS since the reset, in bytes. */
function peakSinceReset(): number {
  const kb = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
  if (kb === undefined) throw new Error('no VmHWM in /proc/self/status');
  return Number(kb) * 1024;
}

const [root, size] = process.argv.slice(2);
if (root === undefined || size === undefined) throw new Error('usage: write-memory-child <workspace> <content bytes>');
const registry = new ToolRegistry();
registry.register(
  createWriteFileTool({
    workspace: new Workspace(root, new NodeWorkspaceFs()),
    approvals: new Approvals({ gate: null, autoApprove: true }),
  }),
);
const line = 'const value = "a line of generated source text";\n';
const content = line.repeat(Math.ceil(Number(size) / line.length)).slice(0, Number(size));
const args = JSON.stringify({ path: 'big.txt', content });
void (async () => {
  // Warm the tool up on a small file so its code and buffers are not counted below.
  await registry.execute('write_file', JSON.stringify({ path: 'small.txt', content: 'x' }), {
    signal: new AbortController().signal,
    callId: 'c0',
  });
  globalThis.gc?.();
  const resettable = resetPeak();
  const before = process.memoryUsage().rss;
  const result = await registry.execute('write_file', args, { signal: new AbortController().signal, callId: 'c1' });
  const peak = resettable ? peakSinceReset() : process.resourceUsage().maxRSS * 1024;
  process.stdout.write(JSON.stringify({ before, peak, isError: result.isError, content: result.content }));
})();
