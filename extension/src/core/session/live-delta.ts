// What streams in while a step is answered, shown live and never logged: our loop's
// model output (core/agent/loop.ts) and an ACP agent's text (core/acp-client). `reset`
// drops a failed attempt's partial output.
export type LiveDelta =
  | { kind: 'text' | 'reasoning'; sessionId: string; turn: number; step: number; text: string }
  | { kind: 'reset'; sessionId: string; turn: number; step: number; attempt: number; delayMs: number; message: string };
