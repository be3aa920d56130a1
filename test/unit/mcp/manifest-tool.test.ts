// The language-model tool VS Code reads from package.json is the core tool itself:
// the manifest cannot import code, so this pins the copy.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { createTodoWriteTool } from '../../../extension/src/core/tools/todo-write/todo-write-tool';

const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../package.json'), 'utf8'));

describe('package.json languageModelTools', () => {
  it('contributes todo_write with exactly the core description and JSON Schema (parallel policy, the setting default)', () => {
    const tools = manifest.contributes.languageModelTools;
    assert.deepEqual(
      tools.map((t: { name: string }) => t.name),
      ['todo_write'],
    );
    const core = createTodoWriteTool({
      allowParallelInProgress:
        manifest.contributes.configuration.properties['agentChecklist.todo.allowParallelInProgress'].default,
    });
    assert.equal(tools[0].modelDescription, core.description);
    assert.deepEqual(tools[0].inputSchema, core.parameters);
  });

  it('contributes the MCP server definition provider under both manifest names', () => {
    assert.deepEqual(manifest.contributes.mcpServerDefinitionProviders, [
      { id: 'agentChecklist.mcpServer', label: 'Agent Checklist' },
    ]);
    assert.deepEqual(manifest.contributes.modelContextServerCollections, [
      { id: 'agentChecklist.mcpServer', label: 'Agent Checklist' },
    ]);
  });
});
