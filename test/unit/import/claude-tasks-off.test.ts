// Claude Code's hidden plan: the REAL Claude Code 2.1.328, run offline as a user runs
// it (its default model, nothing turning its plan tools on), offers its model no plan
// tool; `import` of its transcript exits 0 with one warning line naming the variable
// and the settings entry. Turning the task list on (the settings merge the editor's
// command writes) keeps every other key, and the next session's plan is imported.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import {
  claudeTasksChange,
  readClaudeSettings,
  writeClaudeSettings,
} from '../../../extension/src/core/import/claude-settings';
import { tempDir } from '../support/sessions';
import { AGENT_SCRIPTS, runClaude, ScriptedModelServer } from './agent-runs';

async function cli(cwd: string, env: NodeJS.ProcessEnv, ...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd };
  const code = await main(args, io);
  return { code, out, err };
}

function transcripts(configDir: string): string[] {
  const projects = path.join(configDir, 'projects');
  return fs
    .readdirSync(projects)
    .flatMap((d) => fs.readdirSync(path.join(projects, d)).map((f) => path.join(projects, d, f)))
    .filter((f) => f.endsWith('.jsonl'));
}

describe("Claude Code's task list, withheld and turned on (real Claude Code)", () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());

  it('import warns once on stderr when the plan tools were withheld; after the settings merge the next session has its plan', async () => {
    const dir = tempDir('claude-tasks-off-');
    const work = path.join(dir, 'work');
    const configDir = path.join(dir, 'claude');
    fs.mkdirSync(work);
    fs.mkdirSync(configDir);
    const settingsFile = path.join(configDir, 'settings.json');
    const before = { permissions: { allow: ['Bash(ls)'] }, env: { OTHER: 'kept' } };
    fs.writeFileSync(settingsFile, JSON.stringify(before));
    const env = { CLAUDE_CONFIG_DIR: configDir };

    server.script({ text: 'Fixed.' });
    await runClaude(server, work, { configDir, tools: 'default' }, 'fix the bug');
    assert.equal(server.left, 0);
    assert.doesNotMatch(server.requests.at(-1)!, /TaskCreate|TodoWrite/, 'Claude Code offered no plan tool');
    const [withheld] = transcripts(configDir);
    const imported = await cli(dir, env, 'import', withheld!, '--session-dir', 'sessions');
    assert.equal(imported.code, 0, imported.err.join('\n'));
    assert.equal(imported.err.length, 1, imported.err.join('\n'));
    assert.match(imported.err[0]!, /CLAUDE_CODE_ENABLE_TODO_TOOLS/);
    assert.ok(imported.err[0]!.includes(`"env": {"CLAUDE_CODE_ENABLE_TODO_TOOLS": "1"} to ${settingsFile}`));
    assert.match(imported.out[0]!, /^imported 0 plan versions from Claude Code 2\.1\.328/);

    const current = readClaudeSettings(settingsFile);
    const change = claudeTasksChange(current);
    assert.equal(change.kind, 'change');
    assert.ok(change.kind === 'change' && writeClaudeSettings(settingsFile, current, change.text));
    assert.deepEqual(JSON.parse(fs.readFileSync(settingsFile, 'utf8')), {
      ...before,
      env: { OTHER: 'kept', CLAUDE_CODE_ENABLE_TODO_TOOLS: '1' },
    });

    server.script(...AGENT_SCRIPTS.tasks);
    await runClaude(server, work, { configDir, tools: 'default' }, 'fix it again');
    assert.equal(server.left, 0);
    assert.match(server.requests.at(-1)!, /TaskCreate/, 'Claude Code offered its task list');
    const next = transcripts(configDir).find((f) => f !== withheld)!;
    const again = await cli(dir, env, 'import', next, '--session-dir', 'sessions');
    assert.equal(again.code, 0, again.err.join('\n'));
    assert.deepEqual(again.err, []);
    assert.match(again.out[0]!, /^imported 5 plan versions from Claude Code 2\.1\.328/);
  });
});
