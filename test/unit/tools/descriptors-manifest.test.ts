// The setting `agentChecklist.tools.enabled` offers exactly the built-in tools'
// descriptors (core/tools/built-in.ts), in their order, each with its description
// string: a tool added there and not here (or the reverse) fails this test.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { BUILT_IN_TOOLS } from '../../../extension/src/core/tools/built-in';

const root = path.resolve(__dirname, '../../..');
const setting = z.object({
  items: z.object({ enum: z.array(z.string()), enumDescriptions: z.array(z.string()) }),
  default: z.array(z.string()),
});
const manifest = z.object({
  contributes: z.object({ configuration: z.object({ properties: z.record(z.string(), z.unknown()) }) }),
});

function enabledSetting(): z.infer<typeof setting> {
  const pkg = manifest.parse(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')));
  return setting.parse(pkg.contributes.configuration.properties['agentChecklist.tools.enabled']);
}

describe('agentChecklist.tools.enabled and the descriptors', () => {
  it('offers every built-in descriptor, in order, and enables them all by default', () => {
    // BUILT_IN_TOOLS is the descriptors' names, in the descriptors' order.
    assert.deepEqual(enabledSetting().items.enum, BUILT_IN_TOOLS);
    assert.deepEqual(enabledSetting().default, BUILT_IN_TOOLS);
  });

  it('describes each tool with its own localized string', () => {
    const nls = z
      .record(z.string(), z.string())
      .parse(JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')));
    const keys = BUILT_IN_TOOLS.map((name) => `config.tools.enabled.${name}`);
    assert.deepEqual(
      enabledSetting().items.enumDescriptions,
      keys.map((k) => `%${k}%`),
    );
    for (const key of keys) assert.ok(nls[key]?.trim(), key);
  });
});
