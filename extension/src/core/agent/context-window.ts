// How big a model's context window is, in tokens. The user's setting
// (`agentChecklist.contextWindow`, CLI `--context-window`) wins; 0 means "the
// provider's": its own answer where it has one (vscode.lm models report
// `maxInputTokens`), else the published window of a known model, else a default for
// the provider kind. 0 after all that means unknown: the loop then compacts only
// when the provider answers that the context is too long. A "too long" also teaches
// the loop a smaller window (learnedWindow), and words the turn's end when
// compacting cannot help (tooLongMessage).
import type { ModelProvider } from './provider';

/** Compact before a request would pass this fraction of the window (`agentChecklist.compactThreshold`). */
export const DEFAULT_COMPACT_THRESHOLD = 0.8;

/** Published input windows of model families we know, by model name. */
const KNOWN_WINDOWS: readonly (readonly [RegExp, number])[] = [
  [/^deepseek/i, 128_000],
  [/^gpt-4\.1/i, 1_047_576],
  [/^gpt-5/i, 272_000],
  [/^gpt-4o|^gpt-4-turbo/i, 128_000],
  [/^o[134](-|$)/i, 200_000],
  [/^claude/i, 200_000],
];

/** Used for an OpenAI-compatible model we do not know (most current models have at least this). */
const OPENAI_COMPATIBLE_DEFAULT_WINDOW = 128_000;
const ANTHROPIC_DEFAULT_WINDOW = 200_000;

function knownContextWindow(model: string): number | undefined {
  for (const [pattern, tokens] of KNOWN_WINDOWS) if (pattern.test(model)) return tokens;
  return undefined;
}

/** An OpenAI-compatible model's window: its published one, else the default. */
export const openAICompatibleWindow = (model: string): number =>
  knownContextWindow(model) ?? OPENAI_COMPATIBLE_DEFAULT_WINDOW;
/** An Anthropic model's window: its published one, else Claude's. */
export const anthropicWindow = (model: string): number => knownContextWindow(model) ?? ANTHROPIC_DEFAULT_WINDOW;

/** The window the loop works with: the setting when above 0, else the provider's, else 0 (unknown). */
export function resolveContextWindow(
  setting: number | undefined,
  provider: Pick<ModelProvider, 'contextWindow'>,
): number {
  if (setting !== undefined && Number.isFinite(setting) && setting > 0) return Math.floor(setting);
  const own = provider.contextWindow;
  return own !== undefined && Number.isFinite(own) && own > 0 ? Math.floor(own) : 0;
}

/** `31k / 128k`: the context meter's text (k = 1000 tokens, rounded; under 1000 as is). */
export function formatContextUse(promptTokens: number, window: number): string {
  const k = (n: number): string => (n < 1000 ? String(n) : `${Math.round(n / 1000)}k`);
  return window > 0 ? `${k(promptTokens)} / ${k(window)}` : k(promptTokens);
}

/** The window after a "too long": the one the provider stated, else below the size of the rejected request. */
export function learnedWindow(current: number, stated: number | undefined, rejectedTokens: number): number {
  const bound = stated ?? Math.floor(rejectedTokens * 0.75);
  return current > 0 ? Math.min(current, bound) : bound;
}

/** The one clear message of a request that does not fit even after compacting (or with nothing left to compact). */
export function tooLongMessage(window: number, afterCompaction: boolean, providerMessage: string): string {
  const size = window > 0 ? ` (${window} tokens)` : '';
  const why = afterCompaction
    ? 'even right after the conversation was compacted'
    : 'and there is nothing left to compact';
  return (
    `the request does not fit the model's context window${size} ${why}; start ` +
    `a new session or raise agentChecklist.contextWindow / --context-window ` +
    `if the model allows more. The provider said: ${providerMessage}`
  );
}
