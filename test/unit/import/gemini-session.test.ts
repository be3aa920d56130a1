// Gemini CLI's sessions (a hand-written fixture in Gemini CLI 0.61.0's documented
// format: test/fixtures/agent-files/README.md): each write_todos call that ran is one
// plan version, counted once per call id (a message written again, a resume's
// snapshot); a rewind puts back the plan the last remaining call left; `blocked` reads
// as pending and `cancelled` items leave the list. `import` makes one log; a follower
// finds the folder's sessions through projects.json, also once Gemini CLI registers
// the folder after the start.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { AgentFollowers } from '../../../extension/src/core/import/agent-followers';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import { FollowedAgentFile } from '../../../extension/src/core/import/followed-agent-file';
import { GeminiSessionReader } from '../../../extension/src/core/import/gemini-session';
import { importAgentFile } from '../../../extension/src/core/import/import-log';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { agentLine } from './agent-lines';

const FIXTURE = path.resolve(__dirname, '../../fixtures/agent-files/gemini-write-todos-rewound.jsonl');
const lines = (): string[] => fs.readFileSync(FIXTURE, 'utf8').split('\n').filter(Boolean);

describe('Gemini CLI sessions', () => {
  it('reads each write_todos once, in order, with the rewind and the statuses mapped', () => {
    const reader = new GeminiSessionReader();
    const marks = lines().flatMap((l) => reader.readLine(agentLine(l)));
    const plans = marks.flatMap((m) => (m.kind === 'plan' ? [m.todos.map((t) => `${t.content}:${t.status}`)] : []));
    const second = ['Read the code:completed', 'Fix the bug:in_progress', 'Write a test:pending'];
    assert.deepEqual(plans, [
      ['Read the code:in_progress', 'Fix the bug:pending'],
      second,
      ['Read the code:completed', 'Fix the bug:completed', 'Write a test:completed'],
      second, // rewound
      ['Read the code:completed', 'Fix the bug:completed', 'Write a test:in_progress'],
    ]);
    assert.deepEqual(
      marks.filter((m) => m.kind === 'turn-start').map((m) => m.ts),
      ['2026-12-04T10:00:01.000Z', '2026-12-04T10:00:10.000Z', '2026-12-04T10:00:20.000Z'],
    );
    assert.equal(reader.skipped, 0);
    assert.equal(reader.info.planCalls, 4);
    assert.equal(reader.info.sessionId, '0b5e2c1a-7d3f-4c8e-9a61-2f4d5e6a7b8c');
    assert.equal(reader.info.title, 'fix the bug');
    assert.equal(reader.info.model, 'gemini-2.5-pro');
  });

  it('import makes one log whose header names Gemini CLI', async () => {
    const dir = tempDir('import-gemini-');
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env: {}, cwd: dir };
    assert.equal(await main(['import', FIXTURE, '--session-dir', 'sessions'], io), 0, err.join('\n'));
    assert.match(out[0]!, /^imported 5 plan versions from Gemini CLI \(version unknown\) session 0b5e2c1a/);
    const log = loadLogFile(out.at(-1)!);
    assert.deepEqual(log.header.source, { kind: 'imported', name: 'gemini-cli', version: 'unknown', file: FIXTURE });
    assert.equal(log.events.filter((e) => e.type === 'todo/write').length, 5);
    assert.deepEqual(fs.readdirSync(path.join(dir, 'sessions')).filter((f) => f.endsWith('.jsonl')).length, 1);
  });

  it('follows the sessions of a folder Gemini CLI registers in projects.json after the start', async () => {
    const root = tempDir('follow-gemini-');
    const folder = path.join(root, 'work');
    fs.mkdirSync(folder);
    const geminiDir = path.join(root, 'gemini');
    const homes = {
      'claude-code': path.join(root, 'claude'),
      codex: path.join(root, 'codex'),
      'gemini-cli': geminiDir,
    };
    const reports: FollowReport[] = [];
    let notify = (): void => undefined;
    const followers = new AgentFollowers((r) => {
      reports.push(r);
      notify();
    });
    const wrote = (versions: number) =>
      new Promise<FollowReport>((resolve, reject) => {
        const guard = setTimeout(() => reject(new Error(`no report; got ${JSON.stringify(reports)}`)), 20_000);
        const check = (): void => {
          const found = reports.find((r) => r.kind === 'wrote' && r.versions === versions);
          if (found === undefined) return;
          clearTimeout(guard);
          reports.splice(reports.indexOf(found), 1);
          resolve(found);
        };
        notify = check;
        check();
      });
    followers.configure({ folders: [folder], agents: ['gemini-cli'], homes, sessionDir: path.join(root, 'ours') });
    try {
      const chats = path.join(geminiDir, 'tmp', 'work', 'chats');
      fs.mkdirSync(chats, { recursive: true });
      fs.writeFileSync(path.join(geminiDir, 'tmp', 'work', '.project_root'), folder);
      fs.writeFileSync(
        path.join(geminiDir, 'projects.json'),
        JSON.stringify({ projects: { [folder]: 'work', '/elsewhere': 'other' } }),
      );
      const file = path.join(chats, 'session-2026-12-04T10-00-0b5e2c1a.jsonl');
      const all = lines();
      const split = all.findIndex((l) => l.includes('"id":"u2"'));
      fs.writeFileSync(
        file,
        all
          .slice(0, split)
          .map((l) => `${l}\n`)
          .join(''),
      );
      const first = await wrote(2);
      assert.ok(first.kind === 'wrote');
      fs.appendFileSync(
        file,
        all
          .slice(split)
          .map((l) => `${l}\n`)
          .join(''),
      );
      await wrote(3);
      const events = loadLogFile(first.logPath).events;
      assert.equal(events.filter((e) => e.type === 'todo/write').length, 5);
    } finally {
      followers.dispose();
    }
  });

  it('followed from its first line (the metadata, before the prompt): the log is written at the prompt, the one import writes', () => {
    const root = tempDir('follow-gemini-first-line-');
    const file = path.join(root, 'session-2026-12-04T10-00-0b5e2c1a.jsonl');
    const [meta, ...rest] = lines();
    fs.writeFileSync(file, `${meta}\n`);
    const follower = new FollowedAgentFile(file, path.join(root, 'followed'));
    try {
      assert.equal(follower.update(), 0);
      assert.equal(follower.logPath, null, 'no log for a session with no prompt yet');
      for (const line of rest) {
        fs.appendFileSync(file, `${line}\n`);
        follower.update();
      }
      const imported = importAgentFile(file, path.join(root, 'imported'));
      assert.equal(fs.readFileSync(follower.logPath!, 'utf8'), fs.readFileSync(imported.path, 'utf8'));
      assert.equal(loadLogFile(imported.path).header.title, 'fix the bug');
    } finally {
      follower.dispose();
    }
  });
});
