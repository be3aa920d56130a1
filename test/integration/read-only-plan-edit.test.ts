// A session another process writes is shown read-only, and its plan cannot be edited
// here: the Plan tree's nodes lose "editable" (the edit menus do not show) and the
// edit commands refuse, appending nothing. It re-activates the extension, so it runs
// among the last suites (index.ts).
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SessionStore } from '../../extension/src/core/store/session-store';
import { getApi, useScript } from './helpers';

describe('editing the plan of a read-only session', () => {
  let writer: ChildProcess | undefined;

  afterEach(() => {
    writer?.kill();
    writer = undefined;
  });

  it('refuses edits of a session another process writes (shown read-only): no menus, nothing appended', async () => {
    const api = await getApi();
    await useScript([{ text: 'Hello.' }]);
    await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Make a log so the store folder exists');
    const ownLog = api.session()?.logPath;
    assert.ok(ownLog);
    const store = new SessionStore(path.dirname(ownLog));
    const other = store.create({ title: 'written elsewhere' });
    other.session.append('turn/start', { turn: 1 });
    other.session.append('user/message', { turn: 1, message: { text: 'elsewhere' } });
    other.session.append('todo/write', { todos: [{ content: 'Not yours to edit', status: 'in_progress' }] });
    other.dispose();
    writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
    fs.writeFileSync(`${other.path}.lock`, `${writer.pid}\nelsewhere\n${new Date().toISOString()}\n`);
    try {
      await api.reactivate();
      assert.deepEqual(
        { id: api.session()?.id, readOnly: api.session()?.readOnly },
        { id: other.session.id, readOnly: true },
      );
      assert.deepEqual(
        api.planTreeRows().map((r) => r.contextValue),
        ['todo.in_progress changes'],
        'no "editable": the edit menus do not show',
      );
      const before = fs.readFileSync(other.path, 'utf8');
      const outcome = await vscode.commands.executeCommand(
        'agentChecklist.plan.markCompleted',
        api.planTreeNode(api.planTreeRows()[0]?.id ?? ''),
      );
      assert.deepEqual(outcome, {
        kind: 'refused',
        message: 'This session is shown read-only (another window or program writes it): edit its plan there.',
      });
      assert.equal(fs.readFileSync(other.path, 'utf8'), before, 'nothing was written');
    } finally {
      fs.rmSync(other.path, { force: true }); // first: once its writer is gone the window would take it over
      writer.kill();
      await new Promise((resolve) => writer?.once('exit', resolve));
      fs.rmSync(`${other.path}.lock`, { force: true });
      await api.reactivate();
    }
  });
});
