// The registry redacts every result before anyone sees it, and keeps the result's
// details while doing so: a bash row's exit status must survive a secret in the
// environment, and text a tool copied into its details is redacted like its content.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ToolRegistry } from '../../../extension/src/core/tools/registry';
import { REDACTED, Redactor } from '../../../extension/src/core/tools/tool-env';
import { ctx } from './support';

const SECRET = 'sk-live-0123456789abcdef';

describe('tool registry redaction', () => {
  it('redacts the content and every string in the details, and keeps the details', async () => {
    const registry = new ToolRegistry(undefined, new Redactor([SECRET]));
    registry.register({
      name: 'leaky',
      description: 'prints a secret',
      parameters: { type: 'object', properties: {} },
      execute: async () => ({
        isError: true,
        content: `token ${SECRET}`,
        details: {
          tool: 'leaky',
          exit: { kind: 'exited', code: 3 },
          lines: [`echo ${SECRET}`],
          nested: { note: SECRET },
        },
      }),
    });
    const result = await registry.execute('leaky', '{}', ctx());
    assert.equal(result.content, `token ${REDACTED}`);
    assert.deepEqual(result.details, {
      tool: 'leaky',
      exit: { kind: 'exited', code: 3 },
      lines: [`echo ${REDACTED}`],
      nested: { note: REDACTED },
    });
    assert.equal(result.isError, true);
  });

  it('leaves a result without details as it was, apart from the content', async () => {
    const registry = new ToolRegistry(undefined, new Redactor([SECRET]));
    registry.register({
      name: 'plain',
      description: 'plain',
      parameters: { type: 'object', properties: {} },
      execute: async () => ({ isError: false, content: SECRET }),
    });
    assert.deepEqual(await registry.execute('plain', '{}', ctx()), { isError: false, content: REDACTED });
  });
});
