// Wires that carry tool-call input as an object (Anthropic's tool_use, VS Code's
// LanguageModelToolCallPart) get the model's raw JSON text parsed back. Arguments
// that are not a JSON object — the model's malformed JSON, already answered by an
// error result the model will read — go as {}: the history stays valid.
export function argumentsAsObject(raw: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { ...value };
  } catch {
    // malformed: the tool/result already told the model so
  }
  return {};
}
