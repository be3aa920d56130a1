// The manifest offers exactly the remote providers of core/agent/providers/remote-catalog.ts:
// each id in `agentChecklist.provider`'s enum, its `baseUrl` setting application-scoped
// (the key goes where it points) with the catalog's default and restricted in untrusted
// workspaces, and its `model` setting. A provider added to the catalog and not here (or
// the reverse) fails this test.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { REMOTE_PROVIDER_IDS, REMOTE_PROVIDERS } from '../../../extension/src/core/agent/providers/remote-catalog';

const root = path.resolve(__dirname, '../../..');
const property = z.object({
  type: z.string(),
  enum: z.optional(z.array(z.string())),
  default: z.optional(z.unknown()),
  scope: z.optional(z.string()),
});
const manifest = z.object({
  contributes: z.object({ configuration: z.object({ properties: z.record(z.string(), property) }) }),
  capabilities: z.object({ untrustedWorkspaces: z.object({ restrictedConfigurations: z.array(z.string()) }) }),
});

const pkg = manifest.parse(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')));
const properties = pkg.contributes.configuration.properties;

describe('the remote provider catalog and the manifest', () => {
  it('offers every remote provider beside demo, scripted and vscode-lm', () => {
    assert.deepEqual(properties['agentChecklist.provider']?.enum, [
      'demo',
      'scripted',
      ...REMOTE_PROVIDER_IDS,
      'vscode-lm',
    ]);
  });

  it("gives each its endpoint (the user's setting only, the catalog's default) and model settings", () => {
    for (const id of REMOTE_PROVIDER_IDS) {
      const baseUrl = properties[`agentChecklist.${id}.baseUrl`];
      assert.equal(baseUrl?.scope, 'application', `${id}.baseUrl`);
      assert.equal(baseUrl?.default, REMOTE_PROVIDERS[id].defaultBaseUrl, `${id}.baseUrl`);
      assert.ok(
        pkg.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(`agentChecklist.${id}.baseUrl`),
        `${id}.baseUrl restricted`,
      );
      assert.equal(properties[`agentChecklist.${id}.model`]?.type, 'string', `${id}.model`);
    }
  });
});
