// The CLI with workspace tools, in-process through main(): --cwd sets the
// workspace, --yes approves, a terminal is asked, nothing else runs anything;
// subagents write their own logs; Stop kills a running command.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { UNATTENDED_HINT } from '../../extension/src/cli/agent-runtime';
import type { CliIo } from '../../extension/src/cli/io';
import { main } from '../../extension/src/cli/main';
import type { SessionEvent } from '../../extension/src/core/session/events';
import { loadLogFile } from '../../extension/src/core/store/log-file';
import { tempDir, todo } from './support/sessions';
import { pidsOf, pidsRunning, waitFor } from './tools/support';
import { foldStandingPlan } from './support/plan-folds';
import { unattendedMessage, outsideWorkspaceMessage } from './support/tool-texts';

function capture(cwd: string): CliIo & { stdout: string[]; stderr: string[]; text: string[] } {
  const io = { stdout: [] as string[], stderr: [] as string[], text: [] as string[], env: {}, cwd };
  return {
    ...io,
    out: (l: string) => io.stdout.push(l),
    err: (l: string) => io.stderr.push(l),
    write: (t: string) => io.text.push(t),
  };
}

/** A process folder holding the script and sessions, and a separate workspace folder `ws`. */
function layout() {
  const dir = tempDir('agent-checklist-cli-');
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(ws);
  const script = (responses: unknown[]): string => {
    const file = path.join(dir, `script-${Math.random().toString(36).slice(2)}.json`);
    fs.writeFileSync(file, JSON.stringify({ responses }));
    return file;
  };
  return { dir, ws, script };
}

const results = (events: readonly SessionEvent[]) => events.flatMap((e) => (e.type === 'tool/result' ? [e.data] : []));

async function runCli(
  dir: string,
  args: string[],
  options: { signal?: AbortSignal; ask?: (q: string) => Promise<string> } = {},
) {
  const io = capture(dir);
  const code = await main(
    args,
    io,
    options.signal ?? new AbortController().signal,
    options.ask ? { ask: options.ask } : {},
  );
  return {
    code,
    io,
    summary: () =>
      JSON.parse(io.stdout.join('')) as { sessionId: string; logPath: string; finalText: string; turnEnd: unknown },
  };
}

describe('agent-checklist run with workspace tools', () => {
  it('--yes --cwd: bash and the file tools act in the workspace, and the log checks', async () => {
    const { dir, ws, script } = layout();
    const responses = [
      { toolCalls: [{ id: 'b1', name: 'bash', arguments: { command: 'echo "made by bash" > made.txt && pwd -P' } }] },
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'notes/plan.md', content: '# plan\n' } }] },
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'made.txt' } }] },
      { text: 'Done.' },
    ];
    const run = await runCli(dir, [
      'run',
      '--script',
      script(responses),
      '--session-dir',
      'sessions',
      '--tools',
      'bash,read_file,write_file',
      '--cwd',
      'ws',
      '--yes',
      '--json',
      'make files',
    ]);
    assert.equal(run.code, 0, run.io.stderr.join('\n'));
    const summary = run.summary();
    assert.equal(summary.finalText, 'Done.');
    assert.equal(fs.readFileSync(path.join(ws, 'made.txt'), 'utf8'), 'made by bash\n');
    assert.equal(fs.readFileSync(path.join(ws, 'notes/plan.md'), 'utf8'), '# plan\n');
    assert.equal(fs.existsSync(path.join(dir, 'made.txt')), false);
    const log = loadLogFile(summary.logPath);
    assert.equal(log.header.cwd, ws);
    assert.deepEqual(
      results(log.events).map((r) => [r.callId, r.isError, r.content]),
      [
        ['b1', false, `${fs.realpathSync(ws)}\n[exit code: 0]`],
        ['w1', false, 'Wrote 7 bytes to notes/plan.md (created the file).'],
        ['r1', false, '1\tmade by bash'],
      ],
    );
    const check = await runCli(dir, ['check', summary.logPath]);
    assert.equal(check.code, 0, check.io.stderr.join('\n'));
  });

  it('without --yes and without a terminal, refuses bash and writes with a hint, runs nothing, and the turn goes on', async () => {
    const { dir, ws, script } = layout();
    const responses = [
      {
        toolCalls: [
          { id: 'b1', name: 'bash', arguments: { command: 'touch ran.txt' } },
          { id: 'w1', name: 'write_file', arguments: { path: 'w.txt', content: 'x' } },
        ],
      },
      { text: 'I could not.' },
    ];
    const run = await runCli(dir, [
      'run',
      '--script',
      script(responses),
      '--session-dir',
      's',
      '--tools',
      'bash,write_file',
      '--cwd',
      ws,
      '--json',
      'try',
    ]);
    assert.equal(run.code, 0);
    assert.deepEqual(
      results(loadLogFile(run.summary().logPath).events).map((r) => [r.isError, r.content]),
      [
        [true, `Error: ${unattendedMessage('bash', UNATTENDED_HINT)}`],
        [true, `Error: ${unattendedMessage('write_file', UNATTENDED_HINT)}`],
      ],
    );
    assert.deepEqual(fs.readdirSync(ws), []);
  });

  it('on a terminal, asks: "a" allows the tool for the rest of the run, "n" denies', async () => {
    const { dir, ws, script } = layout();
    const answers = ['a', 'n'];
    const questions: string[] = [];
    const ask = async (q: string) => {
      questions.push(q);
      return answers.shift() ?? 'n';
    };
    const responses = [
      {
        toolCalls: [
          { id: 'b1', name: 'bash', arguments: { command: 'echo one' } },
          { id: 'b2', name: 'bash', arguments: { command: 'echo two' } },
        ],
      },
      { toolCalls: [{ id: 'w1', name: 'write_file', arguments: { path: 'w.txt', content: 'x' } }] },
      { text: 'ok' },
    ];
    const run = await runCli(
      dir,
      [
        'run',
        '--script',
        script(responses),
        '--session-dir',
        's',
        '--tools',
        'bash,write_file',
        '--cwd',
        ws,
        '--json',
        'go',
      ],
      { ask },
    );
    assert.equal(run.code, 0);
    assert.equal(questions.length, 2);
    assert.match(questions[0]!, /Allow bash\?\n\$ echo one\n/);
    assert.match(questions[1]!, /Allow write_file\?/);
    assert.deepEqual(
      results(loadLogFile(run.summary().logPath).events).map((r) => r.content.split('\n').at(-1)),
      [
        '[exit code: 0]',
        '[exit code: 0]',
        'Error: the user denied this write_file call. Do not retry it as is: ask the user what to do or take another approach.',
      ],
    );
    assert.equal(fs.existsSync(path.join(ws, 'w.txt')), false);
  });

  it('refuses paths outside --cwd', async () => {
    const { dir, ws, script } = layout();
    fs.writeFileSync(path.join(dir, 'outside.txt'), 'secret');
    const responses = [
      { toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: '../outside.txt' } }] },
      { text: 'no' },
    ];
    const run = await runCli(dir, [
      'run',
      '--script',
      script(responses),
      '--session-dir',
      's',
      '--tools',
      'read_file',
      '--cwd',
      ws,
      '--json',
      'peek',
    ]);
    assert.equal(run.code, 0);
    assert.deepEqual(
      results(loadLogFile(run.summary().logPath).events)[0]?.content,
      `Error: ${outsideWorkspaceMessage('../outside.txt', ws)}`,
    );
  });

  it('bad usage exits 2: --cwd that is not a folder, a workspace tool the set cannot build', async () => {
    const { dir, script } = layout();
    const s = script([{ text: 'x' }]);
    const notFolder = await runCli(dir, ['run', '--script', s, '--tools', 'bash', '--cwd', 'missing', 'hi']);
    assert.equal(notFolder.code, 2);
    assert.match(notFolder.io.stderr.join('\n'), /--cwd "missing" is not a folder/);
    const unknown = await runCli(dir, ['run', '--script', s, '--tools', 'bash,teleport', 'hi']);
    assert.equal(unknown.code, 2);
    assert.match(
      unknown.io.stderr.join('\n'),
      /unknown tool "teleport"; built-in tools: todo_write, bash, read_file, write_file, edit_file, list_files, grep, subagent/,
    );
  });

  it('subagent: the child writes its own log in the session folder; plans stay with their owners; both logs check', async () => {
    const { dir, ws, script } = layout();
    const responses = [
      { toolCalls: [{ id: 'p1', name: 'todo_write', arguments: { todos: [todo('delegate', 'in_progress')] } }] },
      {
        toolCalls: [
          { id: 's1', name: 'subagent', arguments: { description: 'Count files', prompt: 'Count the files.' } },
        ],
      },
      { toolCalls: [{ id: 'c1', name: 'todo_write', arguments: { todos: [todo('count', 'in_progress')] } }] },
      { toolCalls: [{ id: 'c2', name: 'bash', arguments: { command: 'ls | wc -l' } }] },
      { text: 'There are 0 files.' },
      { text: 'The subagent counted 0 files.' },
    ];
    const run = await runCli(dir, [
      'run',
      '--script',
      script(responses),
      '--session-dir',
      's',
      '--tools',
      'todo_write,subagent,bash',
      '--allow-parallel-in-progress',
      'false',
      '--cwd',
      ws,
      '--yes',
      'count',
    ]);
    assert.equal(run.code, 0, run.io.stderr.join('\n'));
    assert.equal(run.io.text.join(''), 'The subagent counted 0 files.\n');
    const logs = fs.readdirSync(path.join(dir, 's')).filter((f) => f.endsWith('.jsonl'));
    assert.equal(logs.length, 2);
    const loaded = logs.map((f) => loadLogFile(path.join(dir, 's', f)));
    const parent = loaded.find((l) => l.header.parent === undefined)!;
    const child = loaded.find((l) => l.header.parent !== undefined)!;
    assert.deepEqual(child.header.parent, { sessionId: parent.header.id, callId: 's1' });
    assert.deepEqual(foldStandingPlan(parent.events), [todo('delegate', 'in_progress')]);
    assert.deepEqual(foldStandingPlan(child.events), [todo('count', 'in_progress')]);
    assert.equal(results(parent.events).find((r) => r.callId === 's1')?.content, 'There are 0 files.');
    assert.ok(run.io.stderr.some((l) => l.includes(`subagent "Count files" started (session ${child.header.id})`)));
    assert.ok(run.io.stderr.includes('— subagent "Count files" ended: completed'));
    for (const l of loaded) assert.equal((await runCli(dir, ['check', l.path])).code, 0);
  });

  it('Stop during a long command kills it and ends the turn aborted (exit 1) with a valid log', async () => {
    const { dir, ws, script } = layout();
    const controller = new AbortController();
    const responses = [
      { toolCalls: [{ id: 'b1', name: 'bash', arguments: { command: 'sleep 30.11 & echo $! > sleeper.pid; wait' } }] },
      { text: 'never' },
    ];
    const running = runCli(
      dir,
      [
        'run',
        '--script',
        script(responses),
        '--session-dir',
        's',
        '--tools',
        'bash',
        '--cwd',
        ws,
        '--yes',
        '--json',
        'wait',
      ],
      { signal: controller.signal },
    );
    const pidFile = path.join(ws, 'sleeper.pid');
    await waitFor(
      () => fs.existsSync(pidFile) && fs.readFileSync(pidFile, 'utf8').endsWith('\n'),
      'the command to start',
    );
    await waitFor(() => pidsRunning('sleep 30.11').length > 0, 'the sleep to show');
    controller.abort();
    const run = await running;
    assert.equal(run.code, 1);
    assert.deepEqual(run.summary().turnEnd, { kind: 'aborted' });
    await waitFor(() => pidsOf('sleep 30.11').length === 0, 'the sleep to die');
    assert.equal((await runCli(dir, ['check', run.summary().logPath])).code, 0);
  });
});
