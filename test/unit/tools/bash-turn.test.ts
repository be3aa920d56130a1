// Stop during a long bash in a real turn: the command's process group dies, the
// turn ends `aborted`, and the log on disk is valid.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { runTurn } from '../../../extension/src/core/agent/loop';
import { ScriptedProvider } from '../../../extension/src/core/agent/providers/scripted';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { SessionStore } from '../../../extension/src/core/store/session-store';
import { autoApprovals, pidsOf, tempWorkspace, waitFor } from './support';

describe('Stop during a long bash', () => {
  it('kills the command, ends the turn aborted, and leaves a valid log', async () => {
    const ws = tempWorkspace();
    const store = new SessionStore(path.join(ws.outside, 'sessions'));
    const opened = store.create({ cwd: ws.root });
    const { registry, owned } = buildToolRegistry({
      tools: ['bash'],
      cwd: ws.root,
      approvals: autoApprovals(),
      trusted: true,
    });
    const controller = new AbortController();
    try {
      const provider = new ScriptedProvider({
        responses: [
          {
            toolCalls: [
              {
                id: 'b1',
                name: 'bash',
                arguments: { command: 'echo $$ > shell.pid; sleep 30.13 & echo $! > sleeper.pid; wait' },
              },
            ],
          },
          { text: 'never' },
        ],
      });
      const turn = runTurn(opened.session, 'run the long job', {
        provider,
        tools: registry,
        maxSteps: 5,
        signal: controller.signal,
      });
      const pidFile = path.join(ws.root, 'sleeper.pid');
      await waitFor(
        () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n'),
        'the command to start',
      );
      // The shell (its command line holds the command) and the sleep.
      await waitFor(() => pidsOf('sleep 30.13').length >= 2, 'the shell and the sleep to show');
      controller.abort();
      assert.deepEqual(await turn, { kind: 'aborted' });
      await waitFor(() => pidsOf('sleep 30.13').length === 0, 'the shell and the sleep to die');
      const log = loadLogFile(opened.path);
      const result = log.events.find((e) => e.type === 'tool/result');
      assert.ok(result?.type === 'tool/result');
      assert.equal(result.data.isError, true);
      assert.match(result.data.content, /\[stopped by the user: the command and its process group were killed\]$/);
      assert.deepEqual(log.events.at(-1)?.type === 'turn/end' && log.events.at(-1)?.data, {
        turn: 1,
        reason: { kind: 'aborted' },
      });
      assert.equal(provider.consumed, 1);
    } finally {
      owned.dispose();
      opened.dispose();
    }
  });
});
