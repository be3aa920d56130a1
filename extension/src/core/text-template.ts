// Template filling for user-visible text: `{0}`, `{1}` … replaced by the arguments.
// Text only (the result is never parsed as HTML). Zod-free and import-free: the
// summaries, the webview and the host's l10n templates share it.

/** Fills `{0}`, `{1}` … with the arguments; a placeholder without an argument stays as it is. */
export function format(template: string, ...args: (string | number)[]): string {
  return template.replace(/\{(\d+)\}/g, (match, index: string) => {
    const value = args[Number(index)];
    return value === undefined ? match : String(value);
  });
}
