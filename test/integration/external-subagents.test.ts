// A CLI `run` with a subagent, in the real extension host: the built CLI writes the
// parent's log and the child's (beside it, in the workspace's
// `.agent-checklist/sessions`); the editor follows the parent and nests the child's
// own plan under the parent's item in the Plan tree, as it does for its own
// subagents, live while the child writes (the parent's log does not move then),
// with the same history tooltips on the child's items as on the parent's.
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PlanTreeNodeRow } from './test-api/test-api';
import { EXTENSION_ID, getApi, logLines, toolCall, todoWrite, unescapeMarkdown, waitFor, treeShape } from './helpers';

const cliPath = (): string => path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
const workspaceRoot = (): string => vscode.workspace.workspaceFolders![0]!.uri.fsPath;
const nodeEnv = (): Record<string, string> => ({
  ...(process.env as Record<string, string>),
  ELECTRON_RUN_AS_NODE: '1',
});
/** A row's tooltip as the user reads it. */
const tip = (row: PlanTreeNodeRow | undefined): string => unescapeMarkdown(row?.tooltip ?? '');

describe('external subagents in the Plan tree', () => {
  before(async () => {
    await vscode.commands.executeCommand('agentChecklist.newSession');
  });

  it("nests a CLI run's subagent plan under the parent's item, live, with history tooltips on the child's items", async () => {
    const api = await getApi();
    const dir = fs.mkdtempSync(path.join(workspaceRoot(), '.cli-script-'));
    const script = path.join(dir, 's.json');
    // One queue serves parent and child in request order (the CLI's scripted model).
    fs.writeFileSync(
      script,
      JSON.stringify({
        responses: [
          todoWrite([
            { content: 'Investigate the crash', status: 'in_progress' },
            { content: 'Fix it', status: 'pending' },
          ]), // parent
          toolCall('subagent', { description: 'Find the crash', prompt: 'Find where the parser crashes.' }), // parent
          todoWrite([
            { content: 'Read the stack trace', status: 'completed' },
            { content: 'Bisect the input', status: 'in_progress' },
          ]), // child
          // child, later: only the child's log moves while the parent waits for it
          {
            delayMs: 1500,
            ...todoWrite([
              { content: 'Read the stack trace', status: 'completed' },
              { content: 'Bisect the input', status: 'completed' },
              { content: 'Name the commit', status: 'in_progress' },
            ]),
          },
          { delayMs: 60_000, text: 'never reached' }, // child, held until SIGINT
        ],
      }),
    );
    const run = spawn(
      process.execPath,
      [
        cliPath(),
        'run',
        '--script',
        script,
        '--tools',
        'todo_write,subagent',
        '--allow-parallel-in-progress',
        'true',
        '--json',
        'Fix the crash',
      ],
      {
        cwd: workspaceRoot(),
        env: nodeEnv(),
      },
    );
    const exited = new Promise<number | null>((resolve) => run.on('exit', resolve));
    let out = '';
    run.stdout.on('data', (d: Buffer) => (out += d.toString()));
    try {
      const state = (): string => JSON.stringify({ shown: api.session(), tree: treeShape(api.planTree()) });
      const nestedLive = (): boolean => api.planTree()[0]?.children[0]?.children.length === 3;
      await waitFor(nestedLive, "the child's later plan nested under the parent's item").catch((e: Error) =>
        assert.fail(`${e.message}: ${state()}`),
      );
      assert.equal(api.session()?.readOnly, true, 'the CLI writes it: shown read-only');
      assert.ok(
        api.session()?.logPath?.startsWith(path.join(workspaceRoot(), '.agent-checklist', 'sessions')),
        'from the workspace folder',
      );
      const tree = api.planTree();
      assert.deepEqual(treeShape(tree), [
        [
          'Investigate the crash',
          [['Subagent: Find the crash', ['Read the stack trace', 'Bisect the input', 'Name the commit']]],
        ],
        'Fix it',
      ]);
      const subagent = tree[0]?.children[0];
      assert.equal(subagent?.description, '2/3 · running', 'the child works in the CLI: running, with its own counts');
      assert.equal(subagent?.icon, 'sync~spin');
      assert.match(tip(subagent), /\n\nStarted at [^\n]+$/, 'the subagent row says when it started');
      const [read, bisect, name] = subagent?.children ?? [];
      assert.deepEqual(
        [read?.icon, bisect?.icon, name?.icon],
        ['warning', 'warning', 'sync~spin'],
        "the child's items, with their own status (completed with no tool call: flagged)",
      );
      assert.deepEqual(
        [read?.contextValue, name?.contextValue],
        ['subagentTodo.completed', 'subagentTodo.in_progress'],
        'not the user’s to edit',
      );
      // The same history lines as the parent's items (who added it and when, started, finished, time in progress).
      for (const row of [read, bisect]) {
        assert.match(tip(row), /Added by the model at /, `${row?.label}: added`);
        assert.match(tip(row), /Finished at /, `${row?.label}: finished`);
      }
      assert.match(
        tip(bisect),
        /Started at [\s\S]*In progress for /,
        'the item that ran says when it started and for how long',
      );
      assert.match(tip(name), /Added by the model at [\s\S]*Started at /);
      assert.match(tip(tree[0]), /Added by the model at [\s\S]*Started at /, "the parent's item as before");
    } finally {
      run.kill('SIGINT');
    }
    await exited;
    const { sessionId, logPath } = JSON.parse(out) as { sessionId: string; logPath: string };
    assert.equal(api.session()?.id, sessionId);
    const types = logLines(logPath).map((l) => l.type);
    assert.equal(
      types.filter((t) => t === 'todo/write').length,
      1,
      "the child's writes are in the child's log, not the parent's",
    );
    await waitFor(() => api.planTree()[0]?.children[0]?.description === '2/3 · stopped', 'the stopped subagent').catch(
      (e: Error) => assert.fail(`${e.message}: ${JSON.stringify(api.planTree()[0]?.children[0]?.description)}`),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
