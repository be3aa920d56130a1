// ACP's fs methods as our client serves them, driven by a scripted agent over the real
// SDK (a child process, the normal launch path): the capabilities initialize
// advertises; reads confined to the workspace with line/limit; writes confined, never
// to .git or our logs whatever is approved, asked through our approvals (or covered
// once by the agent's allowed permission for that file), each decision on the log.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import type { CliIo } from '../../../extension/src/cli/io';
import { main } from '../../../extension/src/cli/main';
import { joinCommandLine } from '../../../extension/src/core/acp-client/command-line';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { recordingGate } from '../tools/support';
import { approvalsOf, scriptedAgent, scriptedLaunch, type Step } from './scripted-agent-session';

const capabilitiesSchema = z.object({
  fs: z.object({ readTextFile: z.boolean(), writeTextFile: z.boolean() }),
  terminal: z.boolean(),
});

describe('the client fs methods (scripted agent over the SDK)', () => {
  it('initialize advertises read, write and terminal only when our tools are offered', async () => {
    const advertised = (result: unknown) => {
      const { fs: files, terminal } = capabilitiesSchema.parse(result);
      return { fs: files, terminal };
    };
    const offered = await scriptedAgent();
    assert.deepEqual(advertised((await offered.run([{ capabilities: true }])).reports[0]?.result), {
      fs: { readTextFile: true, writeTextFile: true },
      terminal: true,
    });
    const none = await scriptedAgent({ tools: null });
    const { reports } = await none.run([{ capabilities: true }, { read: { path: 'a.txt' } }]);
    assert.deepEqual(advertised(reports[0]?.result), {
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
    });
    assert.equal(reports[1]?.ok, false, 'a client without tools does not serve fs/read_text_file');
  });

  it('reads a workspace file, whole or a window of lines; refuses what lies outside', async () => {
    const agent = await scriptedAgent({}, { 'notes/a.txt': 'l1\nl2\nl3\n' });
    fs.symlinkSync('/etc', path.join(agent.ws, 'etc-link'));
    const file = path.join(agent.ws, 'notes/a.txt');
    const { reports, end } = await agent.run([
      { read: { path: file } },
      { read: { path: file, line: 2, limit: 1 } },
      { read: { path: '/etc/hostname' } },
      { read: { path: path.join(agent.ws, '..', 'sessions') } },
      { read: { path: path.join(agent.ws, 'etc-link', 'hostname') } },
      { read: { path: path.join(agent.ws, 'missing.txt') } },
      { read: { path: '../sessions' } },
    ]);
    assert.deepEqual(end, { kind: 'completed' });
    assert.deepEqual(
      reports.slice(0, 2).map((r) => r.result),
      ['l1\nl2\nl3\n', 'l2\n'],
    );
    assert.match(reports[2]?.error ?? '', /"\/etc\/hostname" is outside the workspace/);
    assert.match(reports[3]?.error ?? '', /is outside the workspace/);
    assert.match(reports[4]?.error ?? '', /leads outside the workspace through a symbolic link/);
    assert.match(reports[5]?.error ?? '', /no such file/);
    assert.match(reports[6]?.error ?? '', /is outside the workspace/);
  });

  it('a window is whole lines with their ends, from a 1-based line (0 reads as 1); a line past the end is refused', async () => {
    const agent = await scriptedAgent({}, { 'w.txt': 'one\ntwo\r\nthree\nfour', 'a.txt': 'a\n' });
    const file = path.join(agent.ws, 'w.txt');
    const short = path.join(agent.ws, 'a.txt');
    const { reports } = await agent.run([
      { read: { path: file, line: 2, limit: 2 } },
      { read: { path: file, line: 3 } },
      { read: { path: file, line: 0, limit: 1 } },
      { read: { path: file, line: 4, limit: 0 } },
      { read: { path: short, line: 3 } },
    ]);
    assert.deepEqual(
      reports.slice(0, 4).map((r) => r.result),
      ['two\r\nthree\n', 'three\nfour', 'one\n', ''],
    );
    const pastEnd = `line 3 is past the end of ${JSON.stringify(short)} (1 lines)`;
    assert.ok(reports[4]?.error?.includes(pastEnd), `${reports[4]?.error} names ${pastEnd}`);
  });

  it('a write asked and approved: the file is written, the question and decision are on the log', async () => {
    const gate = recordingGate('approve', 'deny');
    const agent = await scriptedAgent({ gate }, { 'a.txt': 'old\n' });
    const { reports, events } = await agent.run([
      { write: { path: path.join(agent.ws, 'a.txt'), content: 'new\n' } },
      { write: { path: path.join(agent.ws, 'sub/b.txt'), content: 'b' } },
    ]);
    assert.deepEqual(
      reports.map((r) => r.ok),
      [true, false],
      JSON.stringify(reports),
    );
    assert.equal(fs.readFileSync(path.join(agent.ws, 'a.txt'), 'utf8'), 'new\n');
    assert.equal(fs.existsSync(path.join(agent.ws, 'sub/b.txt')), false, 'the second write was denied');
    assert.match(reports[1]?.error ?? '', /the user denied this write_file call/);
    assert.deepEqual(
      gate.asked.map((r) => [r.tool, r.summary]),
      [
        ['write_file', 'Replace a.txt (4 bytes)'],
        ['write_file', 'Create sub/b.txt (1 bytes)'],
      ],
    );
    assert.match(gate.asked[0]!.detail, /--- a\.txt\n-old\n\+new/);
    assert.deepEqual(approvalsOf(events), [
      ['agent-checklist-1-1', 'Replace a.txt', 'approve', 'user'],
      ['agent-checklist-1-2', 'Create sub/b.txt', 'deny', 'user'],
    ]);
    const results = events.flatMap((e) =>
      e.type === 'tool/result' ? [[e.data.callId, e.data.isError, e.data.details?.['diffs']]] : [],
    );
    assert.deepEqual(results[0], [
      'agent-checklist-1-1',
      false,
      [{ path: path.join(agent.ws, 'a.txt'), oldText: 'old\n', newText: 'new\n' }],
    ]);
    assert.equal(results[1]?.[1], true);
  });

  it('no one to ask and no --yes: the write is refused, on the log, and nothing is written', async () => {
    const agent = await scriptedAgent({ gate: null });
    const { reports, events } = await agent.run([{ write: { path: path.join(agent.ws, 'a.txt'), content: 'x' } }]);
    assert.match(reports[0]?.error ?? '', /needs the user's approval and no one can be asked here/);
    assert.equal(fs.existsSync(path.join(agent.ws, 'a.txt')), false);
    assert.deepEqual(
      approvalsOf(events).map((a) => a.slice(2)),
      [['refused', 'none']],
    );
  });

  it('.git/config and our logs are refused even under auto-approve, before anyone is asked', async () => {
    const gate = recordingGate();
    const agent = await scriptedAgent({ gate, autoApprove: true }, { '.git/config': '[core]\n' });
    fs.symlinkSync('.git', path.join(agent.ws, 'g'));
    const { reports, events } = await agent.run([
      { write: { path: path.join(agent.ws, '.git/config'), content: '[core]\n\tfsmonitor = evil\n' } },
      { write: { path: path.join(agent.ws, 'g/hooks/pre-commit'), content: 'evil' } },
      { write: { path: path.join(agent.ws, '.agent-checklist/sessions/x.jsonl'), content: '{}' } },
      { write: { path: path.join(agent.ws, 'ok.txt'), content: 'ok' } },
    ]);
    assert.deepEqual(
      reports.map((r) => r.ok),
      [false, false, false, true],
    );
    for (const r of reports.slice(0, 3))
      assert.match(r.error ?? '', /is protected: the agent never writes inside a \.git folder or \.agent-checklist/);
    assert.equal(fs.readFileSync(path.join(agent.ws, '.git/config'), 'utf8'), '[core]\n');
    assert.equal(fs.existsSync(path.join(agent.ws, '.git/hooks')), false);
    assert.equal(gate.asked.length, 0);
    assert.deepEqual(
      approvalsOf(events).map((a) => a.slice(2)),
      [['approve', 'auto']],
    );
  });

  it("the agent's allowed permission for a file (named on its card) covers one write of it; a second write is asked", async () => {
    const gate = recordingGate('approve', 'deny');
    const agent = await scriptedAgent({ gate });
    const file = path.join(agent.ws, 'a.txt');
    const call = { toolCallId: 'w1', title: 'Write a.txt', kind: 'edit' as const, locations: [{ path: file }] };
    const { reports, events } = await agent.run([
      { announce: call },
      { permission: call },
      { write: { path: file, content: 'first' } },
      { write: { path: file, content: 'second' } },
    ]);
    assert.deepEqual(reports[1]?.result, { outcome: 'selected', optionId: 'allow' });
    assert.equal(reports[2]?.ok, true);
    assert.equal(reports[3]?.ok, false);
    assert.equal(fs.readFileSync(file, 'utf8'), 'first');
    assert.deepEqual(
      gate.asked.map((r) => r.tool),
      ['Write a.txt', 'write_file'],
    );
    assert.match(
      gate.asked[0]!.detail,
      new RegExp(`(^|\n)Files: ${file}\n`),
      'the card names the files an allow covers',
    );
    assert.deepEqual(
      approvalsOf(events).map((a) => [a[0], a[2]]),
      [
        ['w1', 'approve'],
        ['agent-checklist-1-1', 'deny'],
      ],
    );
  });

  it("a read call's permission covers no write; a protected file is asked even when granted", async () => {
    const gate = recordingGate('approve', 'approve', 'deny', 'deny');
    const agent = await scriptedAgent({ gate });
    const read = path.join(agent.ws, 'r.txt');
    const tasks = path.join(agent.ws, '.vscode/tasks.json');
    const readCall = { toolCallId: 'r1', title: 'Read r.txt', kind: 'read' as const, locations: [{ path: read }] };
    const editCall = { toolCallId: 'e1', title: 'Edit tasks', kind: 'edit' as const, locations: [{ path: tasks }] };
    const { reports } = await agent.run([
      { permission: readCall },
      { permission: editCall },
      { write: { path: read, content: 'x' } },
      { write: { path: tasks, content: '{}' } },
    ]);
    assert.deepEqual(
      reports.map((r) => r.ok),
      [true, true, false, false],
    );
    assert.deepEqual(
      gate.asked.map((r) => [r.tool, r.protectedReason !== undefined]),
      [
        ['Read r.txt', false],
        ['Edit tasks', false],
        ['write_file', false],
        ['write_file', true],
      ],
    );
    assert.equal(fs.existsSync(read), false);
    assert.equal(fs.existsSync(tasks), false);
  });

  it('a protected file under auto-approve with no one to ask: refused, --yes does not answer for it', async () => {
    const agent = await scriptedAgent({ gate: null, autoApprove: true });
    const tasks = path.join(agent.ws, '.vscode/tasks.json');
    const { reports } = await agent.run([{ write: { path: tasks, content: '{}' } }]);
    assert.match(reports[0]?.error ?? '', /needs the user's approval of this one file and no one can be asked here/);
    assert.equal(fs.existsSync(tasks), false);
  });

  it('run --agent-command --yes: the CLI offers our tools; a write is approved by auto, .git/config still refused', async () => {
    const dir = tempDir('acp-client-cli-');
    const ws = fs.realpathSync(dir);
    fs.mkdirSync(path.join(ws, '.git'));
    fs.writeFileSync(path.join(ws, '.git/config'), '[core]\n');
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      write: () => undefined,
      env: { PATH: process.env.PATH },
      cwd: ws,
    };
    const steps: Step[] = [
      { write: { path: path.join(ws, '.git/config'), content: 'evil' } },
      { write: { path: path.join(ws, 'a.txt'), content: 'a' } },
    ];
    const code = await main(
      [
        'run',
        '--agent-command',
        joinCommandLine([scriptedLaunch.command, ...scriptedLaunch.args]),
        '--yes',
        '--json',
        '--session-dir',
        'sessions',
        JSON.stringify(steps),
      ],
      io,
    );
    assert.equal(code, 0, err.join('\n'));
    const { events } = loadLogFile(z.object({ logPath: z.string() }).parse(JSON.parse(out[0]!)).logPath);
    const text = events
      .flatMap((e) =>
        e.type === 'assistant/message'
          ? e.data.message.content.flatMap((b) => (b.type === 'text' ? [b.text] : []))
          : [],
      )
      .join('');
    const reports = text
      .split('\n')
      .filter(Boolean)
      .map((line) => z.object({ ok: z.boolean() }).parse(JSON.parse(line)).ok);
    assert.deepEqual(reports, [false, true]);
    assert.equal(fs.readFileSync(path.join(ws, '.git/config'), 'utf8'), '[core]\n');
    assert.equal(fs.readFileSync(path.join(ws, 'a.txt'), 'utf8'), 'a');
    assert.deepEqual(
      approvalsOf(events).map((a) => a.slice(2)),
      [['approve', 'auto']],
    );
  });
});
