// The system prompt names the workspace and carries the project's rules file; the
// CLI offers every built-in tool by default and reports which rules file it used.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { DEFAULT_MAX_STEPS } from '../../../extension/src/core/agent/turn-options';
import { buildSystemPrompt } from '../../../extension/src/core/agent/system-prompt';
import { readWorkspaceRules } from '../../../extension/src/core/agent/workspace-rules';
import { BUILT_IN_TOOLS } from '../../../extension/src/core/tools/built-in';
import { usage } from '../../../extension/src/cli/usage';
import { LoopbackServer, sse } from '../providers/loopback-server';
import { textStep } from '../providers/openai-wire';
import { tempDir } from '../support/sessions';
import { runCli } from './long-task';

const RULES_MAX_CHARS = 16_000;

describe('workspace instructions', () => {
  it('takes the first of AGENTS.md, CLAUDE.md, .github/copilot-instructions.md and caps it with a marked cut', async () => {
    const files = new Map([
      ['CLAUDE.md', 'claude rules'],
      ['.github/copilot-instructions.md', 'copilot rules'],
    ]);
    const read = async (p: string): Promise<string | null> => files.get(p) ?? null;
    assert.deepEqual(await readWorkspaceRules(read), { file: 'CLAUDE.md', text: 'claude rules', truncated: false });
    files.set('AGENTS.md', 'x'.repeat(RULES_MAX_CHARS + 10));
    const capped = await readWorkspaceRules(read);
    assert.equal(capped?.file, 'AGENTS.md');
    assert.equal(capped?.truncated, true);
    assert.match(capped?.text ?? '', /x\n\[… 10 more characters of this file were cut\]$/);
    files.clear();
    assert.equal(await readWorkspaceRules(read), null);
  });

  it('the system prompt states root, OS, shell, date and the rules with their file', () => {
    const prompt = buildSystemPrompt({
      root: '/ws',
      os: 'linux',
      shell: 'bash',
      date: '2026-12-01',
      rules: { file: 'AGENTS.md', text: 'Use tabs.', truncated: false },
    });
    assert.match(prompt, /Workspace root: \/ws\nOperating system: linux; shell: bash\nToday's date: 2026-12-01/);
    assert.match(prompt, /from AGENTS\.md at the workspace root \(follow them\):\n\nUse tabs\.$/);
  });

  it('`run` sends them to the model, offers every built-in tool by default and reports the rules file', async (t) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'AGENTS.md'), 'Always answer in haiku.');
    fs.writeFileSync(path.join(dir, 'CLAUDE.md'), 'not this one');
    const server = await LoopbackServer.start([sse(textStep('Done.'))]);
    t.after(() => server.close());
    const run = await runCli(dir, [
      'run',
      '--provider',
      'openai',
      '--base-url',
      `${server.url}/v1`,
      '--model',
      'test-model',
      '--api-key-env',
      'NO_KEY',
      '--session-dir',
      's',
      '--allow-parallel-in-progress',
      'true',
      '--json',
      'hi',
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.json.rules, 'AGENTS.md');
    assert.equal(run.json.context.window, 128_000);
    assert.ok(run.json.context.promptTokens > 0);
    const body = server.requests[0]!.json as {
      messages: { role: string; content: string }[];
      tools: { function: { name: string } }[];
    };
    const system = body.messages[0]!;
    assert.equal(system.role, 'system');
    assert.ok(system.content.includes(`Workspace root: ${dir}`));
    assert.ok(system.content.includes(`Operating system: ${process.platform}; shell: bash`));
    assert.ok(system.content.includes(`Today's date: ${new Date().toISOString().slice(0, 10)}`));
    assert.ok(system.content.endsWith('Always answer in haiku.'));
    assert.deepEqual(body.tools.map((t) => t.function.name).sort(), [...BUILT_IN_TOOLS].sort());
  });

  it('turns default to 200 steps', () => {
    assert.equal(DEFAULT_MAX_STEPS, 200);
    assert.match(usage(), /--max-steps <n> +model requests per turn at most \(default: 200\)/);
  });
});
