/** JSON.parse that answers undefined for text that is not JSON (a torn line, a foreign file). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
