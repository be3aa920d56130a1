// Where each remote provider's model is served when no base URL is set, and what a base
// URL says about the server (read by the catalog at activation, without a provider's code).
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';

/** True for DeepSeek's API (its thinking mode needs reasoning_content with tool calls). */
export function isDeepSeekBaseUrl(baseURL: string | undefined): boolean {
  if (!baseURL) return false;
  try {
    return new URL(baseURL).hostname.toLowerCase().includes('deepseek');
  } catch {
    return baseURL.toLowerCase().includes('deepseek');
  }
}
