// Following other agents' own session files (AgentFollowers over real files in temp
// agent homes): a Claude Code project folder that appears after the start, a Codex
// rollout in a day folder made later, a rollout of another folder left alone; each
// followed log equals the log `import` writes for the whole file, and the agents'
// files are never changed.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { AgentFollowers } from '../../../extension/src/core/import/agent-followers';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import { claudeCode } from '../../../extension/src/core/import/agents/claude-code';
import { importAgentFile } from '../../../extension/src/core/import/import-log';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';

const FIXTURES = path.resolve(__dirname, '../../fixtures/agent-files');

/** The plan versions on one of our logs. */
function historyVersions(logPath: string): number {
  return loadLogFile(logPath).events.filter((e) => e.type === 'todo/write').length;
}

function fixtureLines(name: string): string[] {
  return fs.readFileSync(path.join(FIXTURES, name), 'utf8').split('\n').filter(Boolean);
}

/** Resolves with the first report `match` accepts (a guard rejects after 20 s so a miss fails, never hangs). */
function nextReport(
  reports: FollowReport[],
  waiters: Array<() => void>,
  match: (r: FollowReport) => boolean,
): Promise<FollowReport> {
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => reject(new Error(`no such report; got ${JSON.stringify(reports)}`)), 20_000);
    const check = (): void => {
      const found = reports.find(match);
      if (found === undefined) return void waiters.push(check);
      clearTimeout(guard);
      reports.splice(reports.indexOf(found), 1);
      resolve(found);
    };
    check();
  });
}

/** Claude Code's project folder for `folder` (its descriptor's rule). */
function claudeProjectDir(homes: Record<string, string>, folder: string): string {
  assert.ok(claudeCode.reading.kind === 'jsonl');
  return claudeCode.reading.load().files.dirOf(homes['claude-code']!, folder)!;
}

function setUp() {
  const root = tempDir('follow-agents-');
  const folder = path.join(root, 'work');
  fs.mkdirSync(folder);
  const homes: Record<string, string> = {
    'claude-code': path.join(root, 'claude'),
    codex: path.join(root, 'codex'),
    'gemini-cli': path.join(root, 'gemini'),
  };
  const sessionDir = path.join(root, 'ours');
  const reports: FollowReport[] = [];
  const waiters: Array<() => void> = [];
  const followers = new AgentFollowers((r) => {
    reports.push(r);
    for (const w of waiters.splice(0)) w();
  });
  const wait = (match: (r: FollowReport) => boolean) => nextReport(reports, waiters, match);
  return { root, folder, homes, sessionDir, reports, followers, wait };
}

const wrote = (file: string, versions?: number) => (r: FollowReport) =>
  r.kind === 'wrote' && r.file === file && (versions === undefined || r.versions === versions);

describe("following other agents' session files", () => {
  it('follows a Claude Code transcript whose project folder appears after the start, line by line, into the log import would write', async () => {
    const { root, folder, homes, sessionDir, followers, wait } = setUp();
    followers.configure({ folders: [folder], agents: ['claude-code'], homes, sessionDir });
    try {
      const lines = fixtureLines('claude-todowrite-resumed.jsonl');
      const dir = claudeProjectDir(homes, folder);
      fs.mkdirSync(dir, { recursive: true });
      const transcript = path.join(dir, 'session.jsonl');
      const resumedAt = lines.findIndex((l, i) => i > 0 && /"content":"finish it"/.test(l));
      assert.ok(resumedAt > 0);
      fs.writeFileSync(
        transcript,
        lines
          .slice(0, resumedAt)
          .map((l) => `${l}\n`)
          .join(''),
      );
      const first = await wait(wrote(transcript));
      assert.equal(first.kind === 'wrote' && historyVersions(first.logPath), 2);
      // The resumed run, appended in two writes, the first ending inside a line.
      const rest = lines
        .slice(resumedAt)
        .map((l) => `${l}\n`)
        .join('');
      fs.appendFileSync(transcript, rest.slice(0, Math.floor(rest.length / 2)));
      fs.appendFileSync(transcript, rest.slice(Math.floor(rest.length / 2)));
      const second = await wait(wrote(transcript, 1));
      assert.ok(second.kind === 'wrote');
      assert.equal(historyVersions(second.logPath), 3);
      const whole = importAgentFile(transcript, path.join(root, 'imported'));
      assert.equal(fs.readFileSync(second.logPath, 'utf8'), fs.readFileSync(whole.path, 'utf8'));
      assert.equal(fs.readFileSync(transcript, 'utf8'), lines.map((l) => `${l}\n`).join(''));
    } finally {
      followers.dispose();
    }
  });

  it('follows again a Claude Code project folder that was removed and made anew', async () => {
    const { folder, homes, sessionDir, followers, wait } = setUp();
    followers.configure({ folders: [folder], agents: ['claude-code'], homes, sessionDir });
    try {
      const lines = fixtureLines('claude-todowrite-resumed.jsonl').map((l) => `${l}\n`);
      const dir = claudeProjectDir(homes, folder);
      fs.mkdirSync(dir, { recursive: true });
      const first = path.join(dir, 'first.jsonl');
      fs.writeFileSync(first, lines.join(''));
      await wait(wrote(first));
      fs.rmSync(dir, { recursive: true });
      fs.mkdirSync(dir, { recursive: true });
      const second = path.join(dir, 'second.jsonl');
      fs.writeFileSync(second, lines.join(''));
      const report = await wait(wrote(second));
      assert.ok(report.kind === 'wrote');
      assert.equal(historyVersions(report.logPath), 3);
    } finally {
      followers.dispose();
    }
  });

  it('follows the Codex rollouts of the folder only, found in a day folder made after the start', async () => {
    const { root, folder, homes, sessionDir, reports, followers, wait } = setUp();
    const [meta, ...rest] = fixtureLines('codex-update-plan-resumed.jsonl');
    const metaFor = (cwd: string) => meta!.replace(/"cwd":"[^"]*"/, `"cwd":${JSON.stringify(cwd)}`);
    fs.mkdirSync(path.join(homes.codex!, 'sessions'), { recursive: true });
    followers.configure({ folders: [folder], agents: ['codex'], homes, sessionDir });
    try {
      const day = path.join(homes.codex!, 'sessions', '2026', '12', '03');
      fs.mkdirSync(day, { recursive: true });
      const other = path.join(day, 'rollout-2026-12-03T00-00-00-other.jsonl');
      fs.writeFileSync(other, [metaFor(path.join(root, 'elsewhere')), ...rest].map((l) => `${l}\n`).join(''));
      const rollout = path.join(day, 'rollout-2026-12-03T00-00-01-ours.jsonl');
      fs.writeFileSync(rollout, [metaFor(folder), ...rest].map((l) => `${l}\n`).join(''));
      const report = await wait(wrote(rollout));
      assert.ok(report.kind === 'wrote');
      assert.ok(historyVersions(report.logPath) > 0);
      assert.equal(
        fs.readFileSync(report.logPath, 'utf8'),
        fs.readFileSync(importAgentFile(rollout, path.join(root, 'imported')).path, 'utf8'),
      );
      assert.equal(reports.filter((r) => r.file === other).length, 0);
      assert.deepEqual(
        fs.readdirSync(sessionDir).filter((n) => n.endsWith('.jsonl')),
        [path.basename(report.logPath)],
      );
    } finally {
      followers.dispose();
    }
  });

  it('reads the sessions that are there at the start, also when following is switched on later', async () => {
    const { folder, homes, sessionDir, followers, wait } = setUp();
    const dir = claudeProjectDir(homes, folder);
    fs.mkdirSync(dir, { recursive: true });
    const transcript = path.join(dir, 'tasks.jsonl');
    fs.copyFileSync(path.join(FIXTURES, 'claude-tasks.jsonl'), transcript);
    followers.configure({ folders: [folder], agents: [], homes, sessionDir });
    followers.configure({ folders: [folder], agents: ['claude-code'], homes, sessionDir });
    try {
      const report = await wait(wrote(transcript));
      assert.ok(report.kind === 'wrote' && historyVersions(report.logPath) > 0);
    } finally {
      followers.dispose();
    }
  });
});
