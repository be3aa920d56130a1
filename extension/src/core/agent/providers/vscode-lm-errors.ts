// How a failed vscode.lm request becomes a ProviderError. Pure (no `vscode` import),
// so it is unit-tested without an editor; the adapter (vscode/providers/vscode-lm-provider.ts)
// only reads the thrown value into a VscodeLmFailure.
//
// The API has no error code for "the prompt is longer than the model's window", so
// we read the words of the providers behind it (Copilot: "Message exceeds token
// limit", "model_max_prompt_tokens_exceeded", "prompt token count of N exceeds the
// limit of M") and the OpenAI/Anthropic ones a bridged model passes through. Such an
// answer is `context-overflow` (the loop compacts once and tries again), never retried.
import { ProviderError } from '../provider';
import { contextLimitFrom } from './provider-errors';

export interface VscodeLmFailure {
  /** The error's message (the text of a non-Error value). */
  message: string;
  /** `LanguageModelError.code` (`NoPermissions`, `Blocked`, `NotFound`, or a provider's own), when it was one. */
  languageModelCode?: string | undefined;
}

const OVERFLOW =
  /exceeds? (the )?token limit|max_prompt_tokens_exceeded|token count of \d+ exceeds|context[_ ]length[_ ]exceeded|maximum context length|prompt is too long|context window/i;

/** Failures VS Code's model providers report in words only; worth another attempt. */
const TRANSIENT = /\b(429|5\d\d)\b|rate.?limit|overloaded|timed? ?out|ECONNRESET|socket hang up|network/i;

/** True when the words (or the code) say the request was too long for the model. */
function isVscodeLmOverflow(failure: VscodeLmFailure): boolean {
  return OVERFLOW.test(`${failure.languageModelCode ?? ''} ${failure.message}`);
}

export function vscodeLmProviderError(failure: VscodeLmFailure): ProviderError {
  const { message, languageModelCode: code } = failure;
  if (isVscodeLmOverflow(failure)) {
    const limit = contextLimitFrom(message);
    return new ProviderError(`vscode-lm: ${message}`, {
      kind: 'context-overflow',
      ...(limit === undefined ? {} : { contextLimit: limit }),
    });
  }
  // NoPermissions, Blocked, NotFound: the user or the editor has to act; retrying changes nothing.
  if (code !== undefined)
    return new ProviderError(`vscode-lm: ${code ? `${code}: ` : ''}${message}`, { retryable: false });
  return new ProviderError(`vscode-lm: ${message}`, { retryable: TRANSIENT.test(message) });
}

/** The window a vscode.lm model reports (`maxInputTokens`); undefined when it reports none. */
export function vscodeLmContextWindow(maxInputTokens: number): number | undefined {
  return Number.isFinite(maxInputTokens) && maxInputTokens > 0 ? Math.floor(maxInputTokens) : undefined;
}
