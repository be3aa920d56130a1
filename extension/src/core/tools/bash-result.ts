// The bash result's text format, read back: output, then ONE status line. Shared by
// the tool (which writes it) and the webview rows (which read it); no imports, so the
// webview bundle can take it.
/** What a host shows on a bash row, read back from a logged result's text. */
export interface BashResultView {
  output: string;
  status: 'exited' | 'killed' | 'timed-out' | 'stopped' | 'refused';
  exitCode: number | null;
}

export function parseBashResult(content: string): BashResultView {
  const nl = content.lastIndexOf('\n');
  const last = content.slice(nl + 1);
  const output = nl === -1 ? '' : content.slice(0, nl);
  const exited = /^\[exit code: (-?\d+)\]$/.exec(last);
  if (exited) return { output, status: 'exited', exitCode: Number(exited[1]) };
  if (/^\[killed by signal /.test(last)) return { output, status: 'killed', exitCode: null };
  if (/^\[timed out after /.test(last)) return { output, status: 'timed-out', exitCode: null };
  if (/^\[stopped by the user/.test(last)) return { output, status: 'stopped', exitCode: null };
  return { output: content, status: 'refused', exitCode: null };
}
