// The plan surface for other agents, in the real extension host: the `todo_write`
// language-model tool (same contract, plans in a "Chat" session) and "Set Up for
// Another Agent…" (the exact command for this installation and workspace).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { createTodoWriteTool } from '../../extension/src/core/tools/todo-write/todo-write-tool';
import { EXTENSION_ID, getApi, logLines } from './helpers';

const textOf = (result: vscode.LanguageModelToolResult): string =>
  result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');

const invoke = async (input: object): Promise<string> =>
  textOf(await vscode.lm.invokeTool('todo_write', { input, toolInvocationToken: undefined }));

describe('other agents: the todo_write language-model tool', () => {
  it('is registered with exactly the core tool description and JSON Schema', async () => {
    await getApi();
    const tool = vscode.lm.tools.find((t) => t.name === 'todo_write');
    assert.ok(tool, 'todo_write is in vscode.lm.tools');
    const core = createTodoWriteTool({ allowParallelInProgress: true });
    assert.equal(tool.description, core.description);
    assert.deepEqual(tool.inputSchema, core.parameters);
  });

  it('answers with the contract text, rejects with the contract error and appends nothing, and logs accepted plans to a Chat session', async () => {
    await getApi();
    assert.equal(
      await invoke({ todos: [{ content: 'a', status: 'done' }] }),
      'Error: invalid arguments: todos[0].status must be one of "pending", "in_progress", "completed"',
    );
    assert.equal(
      await invoke({
        todos: [
          { content: ' Plan the change ', status: 'in_progress' },
          { content: 'Ship it', status: 'pending' },
        ],
      }),
      'Updated todo list: 1 pending, 1 in progress, 0 completed.',
    );
    const before = (await getApi()).chatSessionLog();
    assert.ok(before, 'the Chat session has a log');
    const lines = logLines(before).length;
    assert.equal(
      await invoke({
        todos: [
          { content: 'x', status: 'pending' },
          { content: 'x', status: 'pending' },
        ],
      }),
      'Error: invalid todos: duplicate content "x"',
    );
    assert.equal(logLines(before).length, lines, 'a rejected call appends nothing');
    assert.deepEqual(JSON.parse(fs.readFileSync(before, 'utf8').split('\n')[0]!).source, { kind: 'chat' });
    const types = logLines(before)
      .slice(1)
      .map((l) => l.type);
    assert.equal(types[0], 'turn/start');
    assert.ok(
      types.length >= 2 && types.slice(1).every((t) => t === 'todo/write'),
      `one open turn holding the accepted writes (got ${types.join(', ')})`,
    );
    assert.deepEqual(logLines(before).at(-1)?.data, {
      todos: [
        { content: 'Plan the change', status: 'in_progress' },
        { content: 'Ship it', status: 'pending' },
      ],
    });
  });
});

describe('other agents: Set Up for Another Agent…', () => {
  it('copies the exact Claude Code command: the launcher in the global storage, which starts this installation’s dist/cli.js mcp writing into this workspace’s session folder', async () => {
    await getApi();
    const extensionPath = vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath;
    const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
    const text = await vscode.commands.executeCommand<string>('agentChecklist.setUpAgent', 'claude-code');
    const launcher = /^claude mcp add --scope local agent-checklist -- (\S+) /.exec(text)?.[1] ?? '';
    assert.equal(
      text,
      `claude mcp add --scope local agent-checklist -- ${launcher} mcp --session-dir ${path.join(folder, '.agent-checklist', 'sessions')} --allow-parallel-in-progress true`,
    );
    assert.match(launcher, /globalStorage\/agent-checklist\.agent-checklist\/bin\/agent-checklist$/);
    assert.ok(
      fs.readFileSync(launcher, 'utf8').includes(path.join(extensionPath, 'dist', 'cli.js')),
      'the launcher starts this installation’s cli.js',
    );
    assert.equal(await vscode.env.clipboard.readText(), text);
  });

  it('copies a Codex config.toml table and a JSON mcpServers entry for Gemini CLI', async () => {
    const codex = await vscode.commands.executeCommand<string>('agentChecklist.setUpAgent', 'codex');
    assert.match(
      codex,
      /^\[mcp_servers\.agent-checklist\]\ncommand = ".*\/bin\/agent-checklist"\nargs = \["mcp", "--session-dir", ".*\.agent-checklist\/sessions", "--allow-parallel-in-progress", "true"\]\n$/,
    );
    const gemini = await vscode.commands.executeCommand<string>('agentChecklist.setUpAgent', 'gemini-cli');
    assert.deepEqual(Object.keys((JSON.parse(gemini) as { mcpServers: object }).mcpServers), ['agent-checklist']);
    assert.equal(await vscode.env.clipboard.readText(), gemini);
  });
});
