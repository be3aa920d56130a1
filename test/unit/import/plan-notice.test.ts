// When a followed or imported session's agent withheld its plan tools (the notice),
// and the settings change that turns Claude Code's task list on: merged into the
// user's file with every other key kept, refused for a file that is not a JSON object,
// written only when the file is still what the user was shown.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { AgentSessionInfo } from '../../../extension/src/core/import/agent-plan';
import {
  claudeTasksChange,
  readClaudeSettings,
  writeClaudeSettings,
} from '../../../extension/src/core/import/claude-settings';
import { FOLLOWED_AGENTS } from '../../../extension/src/core/import/followed-agents';
import * as notices from '../../../extension/src/core/import/plan-notice';
import { tempDir } from '../support/sessions';

const { versionAtLeast } = notices;
/** The notice's id (the agent's descriptor's), as the context key and the session view name it. */
const planNoticeOfFile = (i: AgentSessionInfo) => notices.planNoticeOfFile(i, FOLLOWED_AGENTS)?.off.notice;
const planNoticeOfLog = (source: Parameters<typeof notices.planNoticeOfLog>[0], hasPlan: boolean) =>
  notices.planNoticeOfLog(source, hasPlan, FOLLOWED_AGENTS)?.off.notice;

const info = (over: Partial<AgentSessionInfo>): AgentSessionInfo => ({
  agent: 'claude-code',
  sessionId: 's',
  version: '2.1.328',
  cwd: undefined,
  startedAt: undefined,
  title: undefined,
  planCalls: 0,
  ...over,
});

describe('plan notices', () => {
  it('compares dotted versions numerically', () => {
    assert.equal(versionAtLeast('2.1.233', '2.1.233'), true);
    assert.equal(versionAtLeast('2.1.328', '2.1.233'), true);
    assert.equal(versionAtLeast('2.10.0', '2.1.233'), true);
    assert.equal(versionAtLeast('2.1.99', '2.1.233'), false);
    assert.equal(versionAtLeast('1.9.999', '2.1.233'), false);
    assert.equal(versionAtLeast('unknown', '2.1.233'), false);
    assert.equal(versionAtLeast(undefined, '2.1.233'), false);
  });

  it('Claude Code from 2.1.233 with no plan call: the task list was off; earlier builds, a call, or an agent without such a rule: no notice', () => {
    assert.equal(planNoticeOfFile(info({})), 'claude-code-tasks-off');
    assert.equal(planNoticeOfFile(info({ planCalls: 1 })), undefined);
    assert.equal(planNoticeOfFile(info({ version: '2.1.232' })), undefined);
    assert.equal(planNoticeOfFile(info({ agent: 'opencode', version: '9.9.9' })), undefined);
  });

  it('Gemini CLI with no write_todos call on a model other than Gemini 2.x: offered our todo_write', () => {
    const gemini = (over: Partial<AgentSessionInfo>) => info({ agent: 'gemini-cli', version: undefined, ...over });
    assert.equal(planNoticeOfFile(gemini({ model: 'gemini-3-pro-preview' })), 'gemini-no-plan-tool');
    assert.equal(planNoticeOfFile(gemini({ model: 'gemini-2.5-pro' })), undefined);
    assert.equal(planNoticeOfFile(gemini({ model: 'gemini-3-pro-preview', planCalls: 1 })), undefined);
    assert.equal(planNoticeOfFile(gemini({})), undefined, 'no answer yet: no model to tell');
    const source = { kind: 'imported', name: 'gemini-cli', version: 'unknown', file: '/s.jsonl' } as const;
    assert.equal(planNoticeOfLog(source, false), 'gemini-no-plan-tool');
    assert.equal(planNoticeOfLog(source, true), undefined);
  });

  it("Codex from 0.152 with no update_plan call while its config leaves the tool off by default: the plan tool's notice", async () => {
    const codex = (over: Partial<AgentSessionInfo>) => info({ agent: 'codex', version: '0.169.0', ...over });
    assert.equal(planNoticeOfFile(codex({})), 'codex-plan-tool-off');
    assert.equal(planNoticeOfFile(codex({ version: '0.152.0' })), 'codex-plan-tool-off');
    assert.equal(planNoticeOfFile(codex({ version: '0.151.9' })), undefined, 'offered by default');
    assert.equal(planNoticeOfFile(codex({ planCalls: 1 })), undefined);
    const source = { kind: 'imported', name: 'codex', version: '0.169.0', file: '/r.jsonl' } as const;
    assert.equal(planNoticeOfLog(source, false), 'codex-plan-tool-off');
    assert.equal(planNoticeOfLog(source, true), undefined);
    // The config as it is now decides whether the notice holds.
    const notice = notices.planNoticeOfLog(source, false, FOLLOWED_AGENTS)!;
    const home = tempDir('codex-notice-');
    const holds = async (config: string | undefined) => {
      if (config === undefined) fs.rmSync(path.join(home, 'config.toml'), { force: true });
      else fs.writeFileSync(path.join(home, 'config.toml'), config);
      return notices.noticeHoldsNow(notice, home);
    };
    assert.equal(await holds(undefined), true, 'no config: off by default');
    assert.equal(await holds('model = "o3"\n'), true, 'not set: off by default');
    assert.equal(await holds('[tools.update_plan]\nenabled = true\n'), false, 'on now: its next sessions plan');
    assert.equal(await holds('[tools.update_plan]\nenabled = false\n'), false, "the user's choice");
    assert.equal(await holds('not = [valid'), false, 'the config could not be read');
  });

  it('a log: the same rule on its header, a plan version standing for a call', () => {
    const source = { kind: 'imported', name: 'claude-code', version: '2.1.328', file: '/t.jsonl' } as const;
    assert.equal(planNoticeOfLog(source, false), 'claude-code-tasks-off');
    assert.equal(planNoticeOfLog(source, true), undefined);
    assert.equal(planNoticeOfLog({ ...source, version: '2.1.100' }, false), undefined);
    assert.equal(planNoticeOfLog({ kind: 'mcp', name: 'claude-code', version: '2.1.328' }, false), undefined);
    assert.equal(planNoticeOfLog(undefined, false), undefined);
  });
});

describe("turning Claude Code's task list on", () => {
  it('merges the entry, keeping every other key and their order', () => {
    const change = claudeTasksChange('{"model":"opus","env":{"A":"1"},"hooks":{}}');
    assert.equal(change.kind, 'change');
    assert.ok(change.kind === 'change');
    assert.equal(
      change.text,
      `${JSON.stringify({ model: 'opus', env: { A: '1', CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' }, hooks: {} }, null, 2)}\n`,
    );
    assert.equal(change.existed, true);
    const changed = claudeTasksChange('{"env":{"CLAUDE_CODE_ENABLE_TODO_TOOLS":"0"}}');
    assert.ok(changed.kind === 'change');
    assert.deepEqual(JSON.parse(changed.text), { env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' } });
  });

  it('creates the file when there is none; says when it is on already', () => {
    const created = claudeTasksChange(undefined);
    assert.ok(created.kind === 'change');
    assert.deepEqual(JSON.parse(created.text), { env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' } });
    assert.equal(created.existed, false);
    assert.deepEqual(claudeTasksChange('{"env":{"CLAUDE_CODE_ENABLE_TODO_TOOLS":"1"}}'), { kind: 'already-on' });
  });

  it('refuses a file that is not a JSON object, or whose env is not one', () => {
    for (const text of ['[]', '"x"', 'not json', '{"a":', 'null'])
      assert.deepEqual(claudeTasksChange(text), { kind: 'refused', reason: 'it is not a JSON object' }, text);
    for (const text of ['{"env":[]}', '{"env":"x"}'])
      assert.deepEqual(claudeTasksChange(text), { kind: 'refused', reason: 'its "env" is not a JSON object' }, text);
  });

  it('writes only while the file is what was read, through a linked file to its target, keeping its mode', () => {
    const dir = tempDir('claude-settings-');
    const file = path.join(dir, 'claude', 'settings.json');
    assert.equal(readClaudeSettings(file), undefined);
    assert.equal(writeClaudeSettings(file, undefined, '{}\n'), true);
    assert.equal(fs.readFileSync(file, 'utf8'), '{}\n');
    assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    assert.equal(writeClaudeSettings(file, '{"other":1}', '{"x":1}\n'), false, 'changed since it was read');
    assert.equal(fs.readFileSync(file, 'utf8'), '{}\n');

    const target = path.join(dir, 'dotfiles-settings.json');
    fs.writeFileSync(target, '{"a":1}', { mode: 0o644 });
    fs.chmodSync(target, 0o644);
    const linked = path.join(dir, 'linked', 'settings.json');
    fs.mkdirSync(path.dirname(linked));
    fs.symlinkSync(target, linked);
    assert.equal(writeClaudeSettings(linked, '{"a":1}', '{"a":2}\n'), true);
    assert.equal(fs.lstatSync(linked).isSymbolicLink(), true, 'the link stays');
    assert.equal(fs.readFileSync(target, 'utf8'), '{"a":2}\n');
    assert.equal(fs.statSync(target).mode & 0o777, 0o644);
    assert.deepEqual(
      fs.readdirSync(dir).sort(),
      ['claude', 'dotfiles-settings.json', 'linked'],
      'no temporary file left',
    );
  });
});
