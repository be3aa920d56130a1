// The `openai` and `anthropic` providers in the extension: endpoint and model from
// settings, the API key from VS Code's SecretStorage (never settings.json, never the
// log). "Agent Checklist: Set API Key…" stores it; an empty key is allowed for an
// OpenAI-compatible local server (Ollama, LM Studio) that needs none.
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import type { ModelProvider } from '../../core/agent/provider';
import {
  REMOTE_PROVIDER_IDS,
  REMOTE_PROVIDERS,
  type RemoteProviderId,
} from '../../core/agent/providers/remote-catalog';
import { settingValue } from '../host/settings';

export type { RemoteProviderId };

const remoteSettingsSchema = z.object({
  baseUrl: z.url({ protocol: /^https?$/ }),
  model: z.string(),
});
export type RemoteSettings = z.infer<typeof remoteSettingsSchema>;

const secretKeyName = (id: RemoteProviderId): string => `agentChecklist.apiKey.${id}`;

/** The endpoint settings of one remote provider, validated; a bad value is a message for the user. */
export function readRemoteSettings(id: RemoteProviderId): RemoteSettings | string {
  const config = vscode.workspace.getConfiguration(`agentChecklist.${id}`);
  // The key goes wherever baseUrl points: only the user's own settings choose it (settings.ts).
  const raw = {
    baseUrl: settingValue(config, 'baseUrl', true) ?? REMOTE_PROVIDERS[id].defaultBaseUrl,
    model: config.get('model') ?? '',
  };
  const parsed = remoteSettingsSchema.safeParse(raw);
  if (!parsed.success)
    return `agentChecklist.${id}.baseUrl must be an http(s) URL (got ${JSON.stringify(raw.baseUrl)})`;
  if (!parsed.data.model.trim())
    return `set agentChecklist.${id}.model to the model to use (for example ${REMOTE_PROVIDERS[id].modelExamples})`;
  return parsed.data;
}

function keyProblem(id: RemoteProviderId, key: string | undefined): string | null {
  if (key === undefined) return `no API key stored for ${id}: run "Agent Checklist: Set API Key…"`;
  if (key === '' && !REMOTE_PROVIDERS[id].emptyKeyAllowed)
    return `${id} needs an API key: run "Agent Checklist: Set API Key…"`;
  return null;
}

export async function createRemoteProvider(
  id: RemoteProviderId,
  secrets: vscode.SecretStorage,
): Promise<ModelProvider> {
  const settings = readRemoteSettings(id);
  if (typeof settings === 'string') throw new Error(settings);
  const apiKey = await secrets.get(secretKeyName(id));
  const problem = keyProblem(id, apiKey);
  if (problem !== null || apiKey === undefined) throw new Error(problem ?? 'no API key');
  return REMOTE_PROVIDERS[id].create({ model: settings.model, apiKey, baseURL: settings.baseUrl });
}

/** The Set API Key command: asks which provider, then the key (password box). */
export async function promptForApiKey(secrets: vscode.SecretStorage): Promise<void> {
  const picked = await vscode.window.showQuickPick(
    REMOTE_PROVIDER_IDS.map((id) => ({ id, label: id, description: vscode.l10n.t(REMOTE_PROVIDERS[id].description) })),
    { title: vscode.l10n.t('Set API Key'), placeHolder: vscode.l10n.t('Which provider is the key for?') },
  );
  if (!picked) return;
  const { id } = picked;
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('API key for {0}', id),
    prompt: vscode.l10n.t(
      // eslint-disable-next-line max-len -- an l10n.t message stays one literal: it is its bundle key
      "Stored in VS Code's secret storage, never in settings or session logs. Leave empty for a local server that needs no key.",
    ),
    password: true,
    ignoreFocusOut: true,
  });
  if (key === undefined) return;
  await secrets.store(secretKeyName(id), key.trim());
  void vscode.window.showInformationMessage(vscode.l10n.t('API key for {0} stored.', id));
}
