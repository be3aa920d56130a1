// One writer per session: when another process holds the latest session's lock at
// activation, this window shows it read-only (its plan included), follows what the
// writer appends, refuses to write, and takes the session over by itself once the
// process that held the lock is gone.
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { SessionStore } from '../../extension/src/core/store/session-store';
import { getApi, todoWrite, useScript, waitFor } from './helpers';

describe('a session another window writes', () => {
  let writer: ChildProcess | undefined;

  afterEach(() => {
    writer?.kill();
    writer = undefined;
  });

  it('is shown read-only and followed, then taken over when its writer is gone', async () => {
    const api = await getApi();
    await vscode.commands.executeCommand('agentChecklist.newSession');
    await useScript([{ text: 'Hello.' }]);
    const first = await vscode.commands.executeCommand(
      'agentChecklist.sendPrompt',
      'Make a log so the store folder exists',
    );
    assert.deepEqual(first, { kind: 'completed' });
    const ownLog = api.session()?.logPath;
    assert.ok(ownLog, `a log: ${JSON.stringify(api.session())}`);

    // "Another window": a session written with the core store, newer than ours, whose
    // lock names a live process that is not this extension host.
    const store = new SessionStore(path.dirname(ownLog));
    const other = store.create({ title: 'written elsewhere' });
    other.session.append('turn/start', { turn: 1 });
    other.session.append('user/message', { turn: 1, message: { text: 'elsewhere' } });
    other.session.append('todo/write', { todos: [{ content: 'Shown read-only', status: 'in_progress' }] });
    other.dispose();
    writer = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { stdio: 'ignore' });
    assert.ok(writer.pid);
    fs.writeFileSync(`${other.path}.lock`, `${writer.pid}\nelsewhere\n${new Date().toISOString()}\n`);

    await api.reactivate();
    const next = api; // the same API object, now reading the new activation
    assert.deepEqual(
      { id: next.session()?.id, readOnly: next.session()?.readOnly },
      { id: other.session.id, readOnly: true },
      'the newest session, read-only',
    );
    assert.equal(next.statusBarText(), '$(checklist) 0/1 · Shown read-only', 'its plan feeds the surfaces');

    // The other writer goes on: this window follows the file.
    const line = {
      seq: 4,
      ts: new Date().toISOString(),
      type: 'todo/write',
      data: { todos: [{ content: 'Shown read-only', status: 'completed' }] },
    };
    fs.appendFileSync(other.path, `${JSON.stringify(line)}\n`);
    await waitFor(
      () => next.statusBarText() === '$(checklist) 1/1',
      'the read-only view to follow the appended todo/write',
    );

    const refused = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Try to write');
    assert.equal(refused, undefined, 'no turn while another process holds the lock');
    assert.equal(next.session()?.readOnly, true);

    // The writer ends its turn and goes (as a CLI run, or this window's previous extension host after a reload, would):
    // this window takes the session over by itself, nothing sent.
    fs.appendFileSync(
      other.path,
      `${JSON.stringify({ seq: 5, ts: new Date().toISOString(), type: 'turn/end', data: { turn: 1, reason: { kind: 'completed' } } })}\n`,
    );
    await waitFor(
      () =>
        next.statusBarText() === '$(checklist) 1/1' &&
        next.session()?.readOnly === true &&
        fs.readFileSync(other.path, 'utf8').includes('"turn/end"'),
      'the turn/end followed',
    );
    writer.kill();
    await new Promise((resolve) => writer?.once('exit', resolve));
    await waitFor(() => next.session()?.readOnly === false, 'the session taken over once its writer is gone');
    assert.equal(next.session()?.id, other.session.id, 'the same session, now written here');
    assert.equal(
      fs.readFileSync(`${other.path}.lock`, 'utf8').split('\n')[0],
      String(process.pid),
      "its lock is this host's",
    );
    await useScript([todoWrite([{ content: 'Taken over', status: 'in_progress' }]), { text: 'Mine now.' }]);
    const reason = await vscode.commands.executeCommand('agentChecklist.sendPrompt', 'Continue here');
    assert.deepEqual(reason, { kind: 'completed' });
    assert.deepEqual(
      { id: next.session()?.id, readOnly: next.session()?.readOnly },
      { id: other.session.id, readOnly: false },
      'taken over for writing',
    );
    assert.equal(next.statusBarText(), '$(checklist) 0/1 · Taken over');
  });
});
