// Settings that widen what the agent may do, or choose where the key and commands go,
// are application-scoped in package.json: VS Code then ignores them in a workspace's
// .vscode/settings.json (which a model or a cloned repository may have written), and
// settings.ts reads them from the user's settings only. The behaviour in the real host
// is test/integration/workspace-settings.test.ts; this keeps the manifest honest.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import * as z from 'zod/mini';
import { DEFAULT_BASH_LIMITS } from '../../../extension/src/core/tools/bash/bash-limits';

const manifestSchema = z.object({
  contributes: z.object({
    configuration: z.object({ properties: z.record(z.string(), z.object({ scope: z.optional(z.string()) })) }),
  }),
});

const USER_ONLY = [
  'tools.autoApprove',
  'tools.bash.sandbox',
  'tools.bash.network',
  'tools.bash.limits',
  'tools.env.keep',
  'tools.protectedPaths',
  'openai.baseUrl',
  'anthropic.baseUrl',
  'scripted.scriptPath',
  // Which program runs as the agent, and with what command line and environment.
  'agent',
  'acpAgents',
  // A command every completed item runs (issue 52).
  'checks.default',
].map((key) => `agentChecklist.${key}`);

test('exactly the settings that widen the agent or redirect the key are application-scoped', () => {
  const manifest = manifestSchema.parse(JSON.parse(readFileSync('package.json', 'utf8')));
  const properties = manifest.contributes.configuration.properties;
  for (const key of USER_ONLY) assert.equal(properties[key]?.scope, 'application', `${key} is application-scoped`);
  const scoped = Object.entries(properties)
    .filter(([, p]) => p.scope === 'application' || p.scope === 'machine')
    .map(([key]) => key)
    .sort();
  assert.deepEqual(scoped, [...USER_ONLY].sort(), 'no other setting is user-only (each one is a reason to say why)');
});

const limitsSchema = z.object({
  contributes: z.object({
    configuration: z.object({
      properties: z.object({
        'agentChecklist.tools.bash.limits': z.object({
          default: z.object({ processes: z.number(), memoryMiB: z.number(), addressSpaceMiB: z.number() }),
          properties: z.record(z.string(), z.object({ default: z.number() })),
        }),
      }),
    }),
  }),
});

test('agentChecklist.tools.bash.limits shows the defaults the sandbox applies (4 GiB of address space)', () => {
  const setting = limitsSchema.parse(JSON.parse(readFileSync('package.json', 'utf8'))).contributes.configuration
    .properties['agentChecklist.tools.bash.limits'];
  assert.deepEqual(setting.default, { ...DEFAULT_BASH_LIMITS });
  assert.deepEqual(Object.fromEntries(Object.entries(setting.properties).map(([k, v]) => [k, v.default])), {
    ...DEFAULT_BASH_LIMITS,
  });
  assert.equal(DEFAULT_BASH_LIMITS.addressSpaceMiB, 4096);
});
