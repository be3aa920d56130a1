// Codex's config.toml, read and edited as users write it: the plan tool's state, and
// the edit that turns it on, which only inserts lines (every other byte kept: the new
// text minus the added lines is the old text), parses to the old document plus the
// key, keeps CRLF, leaves a deliberate `false`, creates a missing file, refuses an
// inline `tools` table it cannot extend, and reads nothing it cannot read.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'smol-toml';
import {
  codexConfigFile,
  codexHomeOf,
  isCodexConfigError,
  readCodexConfig,
} from '../../../extension/src/core/codex-config';
import { codexPlanToolOf, currentCodexPlanTool } from '../../../extension/src/core/codex-plan-tool';
import { codexPlanToolChange } from '../../../extension/src/core/import/codex-config-edit';
import { writeClaudeSettings } from '../../../extension/src/core/import/claude-settings';
import { tempDir } from '../support/sessions';

/** A config like the ones Codex's docs and users write: comments, profiles, MCP servers, a [tools] table. */
const REAL_WORLD = `# ~/.codex/config.toml
model = "gpt-5.4"            # the default model
approval_policy = "on-request"
sandbox_mode = "workspace-write"

[sandbox_workspace_write]
network_access = false
writable_roots = ["/tmp", '/var/tmp']

[tools]
web_search = true # search the web

# Profiles
[profiles.fast]
model = "gpt-5.4-mini"
model_reasoning_effort = "low"

[mcp_servers.agent-checklist]
command = "node"
args = ["/home/me/.agent-checklist/mcp.js", "mcp"]
env = { NODE_OPTIONS = "--max-old-space-size=512" }

[[skills]]
path = "a"
`;

/** Applies the change and checks it: only lines added, parses to the old document plus the key. */
function turnedOn(text: string): { text: string; lines: string } {
  const change = codexPlanToolChange(text);
  assert.equal(change.kind, 'change', JSON.stringify(change));
  if (change.kind !== 'change') throw new Error('unreachable');
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // One insertion: the old text up to a point, blank lines and the shown lines, then the old text's rest.
  const length = change.text.length - text.length;
  const added = change.lines
    .split('\n')
    .map((l) => l + eol)
    .join('');
  const insertion = [...Array(text.length + 1).keys()].find(
    (at) =>
      change.text.slice(0, at) === text.slice(0, at) &&
      change.text.slice(at + length) === text.slice(at) &&
      change.text.slice(at, at + length).replace(/^(\r?\n)+/, '') === added,
  );
  assert.notEqual(insertion, undefined, 'only the shown lines were inserted, every other byte kept');
  const plain = (toml: string): Record<string, Record<string, unknown>> => JSON.parse(JSON.stringify(parse(toml)));
  const before = plain(text);
  const tools = (before.tools ?? {}) as Record<string, Record<string, unknown>>;
  assert.deepEqual(plain(change.text), {
    ...before,
    tools: { ...tools, update_plan: { ...tools.update_plan, enabled: true } },
  });
  assert.equal(codexPlanToolOf(change.text), 'on');
  assert.equal(codexPlanToolChange(change.text).kind, 'already-on');
  return { text: change.text, lines: change.lines };
}

describe("Codex's config: the plan tool's state and the edit that turns it on", () => {
  it('reads the state: missing, unset, true, a deliberate false (table, dotted, inline)', () => {
    assert.equal(codexPlanToolOf(undefined), 'off-by-default');
    assert.equal(codexPlanToolOf(REAL_WORLD), 'off-by-default');
    assert.equal(codexPlanToolOf('[tools.update_plan]\nenabled = true\n'), 'on');
    assert.equal(codexPlanToolOf('tools.update_plan.enabled = false\n'), 'off-by-choice');
    assert.equal(codexPlanToolOf('tools = { update_plan = { enabled = false } }\n'), 'off-by-choice');
    for (const bad of [
      'tools = 3\n',
      '[tools]\nupdate_plan = "yes"\n',
      '[tools.update_plan]\nenabled = "on"\n',
      'a = ',
    ]) {
      assert.throws(() => codexPlanToolOf(bad), isCodexConfigError, bad);
    }
  });

  it('a real-world config: a new [tools.update_plan] table at the end, every other byte kept', () => {
    const { text, lines } = turnedOn(REAL_WORLD);
    assert.equal(lines, '[tools.update_plan]\nenabled = true');
    assert.equal(text, `${REAL_WORLD}\n[tools.update_plan]\nenabled = true\n`);
  });

  it('CRLF files get CRLF lines; a file without a final newline gets one before the table', () => {
    const crlf = REAL_WORLD.replace(/\n/g, '\r\n');
    assert.equal(turnedOn(crlf).text, `${crlf}\r\n[tools.update_plan]\r\nenabled = true\r\n`);
    const unended = 'model = "o3" # no newline';
    assert.equal(turnedOn(unended).text, `${unended}\n\n[tools.update_plan]\nenabled = true\n`);
  });

  it('an existing [tools.update_plan] table gets the key under its header, its comment and keys kept', () => {
    const text = `model = "o3"\r\n\r\n[tools.update_plan] # the plan tool\r\n# more later\r\nother = 1\r\n\r\n[x]\r\ny = 2\r\n`;
    const on = turnedOn(text);
    assert.equal(on.lines, 'enabled = true');
    assert.equal(on.text, text.replace('# the plan tool\r\n', '# the plan tool\r\nenabled = true\r\n'));
  });

  it('top-level dotted keys: the key is added beside them; a [tools] table with dotted keys: under its header', () => {
    const dotted = `model = "o3"\ntools.update_plan.note = "x"\ntools.web_search = true\n\n[profiles.a]\nmodel = "b"\n`;
    const on = turnedOn(dotted);
    assert.equal(on.lines, 'tools.update_plan.enabled = true');
    assert.equal(
      on.text,
      dotted.replace('tools.update_plan.note', 'tools.update_plan.enabled = true\ntools.update_plan.note'),
    );
    const inTools = `[tools]\nweb_search = true\nupdate_plan.note = "x"\n`;
    assert.equal(turnedOn(inTools).lines, 'update_plan.enabled = true');
    const otherDotted = `tools.web_search = true\n`;
    assert.equal(turnedOn(otherDotted).text, `${otherDotted}\n[tools.update_plan]\nenabled = true\n`);
  });

  it('a deliberate false is kept; true needs nothing; an inline tools table it cannot extend is refused', () => {
    assert.deepEqual(codexPlanToolChange('tools.update_plan.enabled = false\n'), { kind: 'off-by-choice' });
    assert.deepEqual(codexPlanToolChange('tools = { update_plan = { enabled = false } }\n'), { kind: 'off-by-choice' });
    assert.deepEqual(codexPlanToolChange('[tools.update_plan]\r\nenabled = true\r\n'), { kind: 'already-on' });
    const inline = codexPlanToolChange('tools = { web_search = true }\n');
    assert.equal(inline.kind, 'refused');
    assert.match(inline.kind === 'refused' ? inline.reason : '', /inline/);
    const broken = codexPlanToolChange('model = \n');
    assert.equal(broken.kind, 'refused');
    assert.match(broken.kind === 'refused' ? broken.reason : '', /not valid TOML/);
  });

  it('a missing file is created with the table; an unreadable one is a clear error and nothing is written', () => {
    const home = codexHomeOf({ CODEX_HOME: path.join(tempDir('codex-config-'), 'codex') });
    const file = codexConfigFile(home);
    assert.equal(readCodexConfig(file), undefined);
    const change = codexPlanToolChange(undefined);
    assert.deepEqual(change, {
      kind: 'change',
      text: '[tools.update_plan]\nenabled = true\n',
      lines: '[tools.update_plan]\nenabled = true',
      existed: false,
    });
    assert.equal(currentCodexPlanTool(file), 'off-by-default');
    assert.ok(change.kind === 'change' && writeClaudeSettings(file, undefined, change.text));
    assert.equal(readCodexConfig(file), '[tools.update_plan]\nenabled = true\n');
    assert.equal(currentCodexPlanTool(file), 'on');

    const dirAsFile = path.join(home, 'sessions');
    fs.mkdirSync(dirAsFile);
    assert.throws(
      () => readCodexConfig(dirAsFile),
      (e) => isCodexConfigError(e) && /cannot read/.test(e.message),
    );
    if (process.getuid?.() !== 0) {
      fs.chmodSync(file, 0o000);
      assert.throws(
        () => readCodexConfig(file),
        (e) => isCodexConfigError(e) && e.message.includes(file),
      );
      fs.chmodSync(file, 0o600);
    }
    assert.equal(codexHomeOf({}, '/home/me'), '/home/me/.codex');
  });
});
