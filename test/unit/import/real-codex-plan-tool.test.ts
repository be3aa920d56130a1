// Codex's plan tool, off by default since 0.152: the REAL Codex 0.169 (and the real
// codex-acp), offline against the loopback Responses API. With a config that leaves
// `tools.update_plan` unset, Codex offers its model no update_plan: `import` of its
// rollout exits 0 and warns on stderr naming tools.update_plan and the config file,
// and the followed log's notice rule fires. After the edit Turn On Codex's Plan Tool
// writes (its core function), only the shown lines are added, and the next session's
// plan is imported and its log carries no notice. A deliberate `enabled = false` is
// kept: the edit leaves it, Codex offers no tool, and no notice nags. Our own codex-acp
// starts with the -c override and its plan is on our log with the key unset. (The pinned
// codex-acp 0.16.0 embeds a Codex that offers update_plan whatever the key says, so the
// override's effect, and its absence against a deliberate false, are the catalog's unit
// tests: test/unit/acp-client/agent-catalog.test.ts.)
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../../../extension/src/cli/main';
import type { CliIo } from '../../../extension/src/cli/io';
import { codexConfigFile, readCodexConfig } from '../../../extension/src/core/codex-config';
import { codexPlanToolChange } from '../../../extension/src/core/import/codex-config-edit';
import { writeClaudeSettings } from '../../../extension/src/core/import/claude-settings';
import { FOLLOWED_AGENTS } from '../../../extension/src/core/import/followed-agents';
import { noticeHoldsNow, planNoticeOfLog } from '../../../extension/src/core/import/plan-notice';
import type { SessionSource } from '../../../extension/src/core/session/source';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { BIN, runCli, runPlace } from '../acp-client/real-agent-cli';
import { AGENT_SCRIPTS, codexHome, runCodex, ScriptedModelServer, type ModelStep } from './agent-runs';

const PLAN_TABLE = '\n[tools.update_plan]\nenabled = true\n';

/** A CODEX_HOME like agent-runs' but with `tools.update_plan` as `table` says (the config Codex's users have). */
function homeWith(dir: string, server: ScriptedModelServer, table: string, settings: Record<string, string> = {}) {
  const home = codexHome(path.join(dir, 'codex'), server, settings);
  const file = codexConfigFile(home);
  const text = fs.readFileSync(file, 'utf8');
  assert.ok(text.endsWith(PLAN_TABLE));
  fs.writeFileSync(file, `# my Codex config\r\n${text.slice(0, -PLAN_TABLE.length)}\n${table}`);
  return { home, file };
}

/** The notice a log of Codex's session carries with Codex's config (in `home`) as it is now. */
async function noticeNow(source: SessionSource | undefined, hasPlan: boolean, home: string) {
  const notice = planNoticeOfLog(source, hasPlan, FOLLOWED_AGENTS);
  return notice !== undefined && (await noticeHoldsNow(notice, home)) ? notice.off.notice : undefined;
}

/** The tools Codex offered in the model request at `index` of `server`'s. */
function offered(server: ScriptedModelServer, index = -1): string[] {
  const body = JSON.parse(server.requests.at(index)!) as { tools?: { name?: string; type?: string }[] };
  return (body.tools ?? []).map((t) => t.name ?? t.type ?? '');
}

function rollouts(home: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true }))
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (/^rollout-.*\.jsonl$/.test(e.name)) found.push(path.join(dir, e.name));
  };
  walk(path.join(home, 'sessions'));
  return found.sort();
}

async function importRollout(dir: string, home: string, rollout: string) {
  const out: string[] = [];
  const err: string[] = [];
  const env = { CODEX_HOME: home };
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), write: () => undefined, env, cwd: dir };
  const code = await main(['import', rollout, '--session-dir', 'sessions'], io);
  assert.equal(code, 0, err.join('\n'));
  const log = loadLogFile(out.at(-1)!);
  const plans = log.events.filter((e) => e.type === 'todo/write').length;
  return { err, log, plans };
}

describe("Codex's plan tool, off by default (real Codex 0.169)", () => {
  let server: ScriptedModelServer;
  before(async () => {
    server = await ScriptedModelServer.start();
  });
  after(() => server.close());

  it('unset: no update_plan offered, import warns and the notice fires; after the edit the next plan is followed', async () => {
    const dir = tempDir('codex-plan-off-');
    const work = path.join(dir, 'work');
    fs.mkdirSync(work);
    const { home, file } = homeWith(dir, server, '[tools]\r\nweb_search = true # kept\r\n');
    const before = fs.readFileSync(file, 'utf8');

    server.script({ text: 'Fixed.' });
    await runCodex(home, work, 'fix the bug');
    assert.equal(server.left, 0);
    assert.ok(offered(server).includes('exec_command'), offered(server).join());
    assert.ok(!offered(server).includes('update_plan'), 'Codex offered no update_plan');
    const first = await importRollout(dir, home, rollouts(home)[0]!);
    assert.equal(first.plans, 0);
    assert.equal(first.err.length, 1, first.err.join('\n'));
    assert.match(first.err[0]!, /^agent-checklist: warning: no plan: Codex 0\.169\.0 .*off by default since 0\.152/);
    assert.ok(first.err[0]!.includes('tools.update_plan') && first.err[0]!.includes(file), first.err[0]);
    assert.equal(await noticeNow(first.log.header.source, false, home), 'codex-plan-tool-off');

    const change = codexPlanToolChange(readCodexConfig(file));
    assert.ok(change.kind === 'change', JSON.stringify(change));
    assert.equal(change.lines, '[tools.update_plan]\nenabled = true');
    assert.ok(writeClaudeSettings(file, before, change.text));
    assert.equal(fs.readFileSync(file, 'utf8'), `${before}\r\n[tools.update_plan]\r\nenabled = true\r\n`);
    assert.equal(await noticeNow(first.log.header.source, false, home), undefined);

    server.script(...AGENT_SCRIPTS.updatePlan);
    await runCodex(home, work, 'fix the bug again');
    assert.equal(server.left, 0);
    assert.ok(offered(server).includes('update_plan'), 'the next session offered update_plan');
    const [, next] = rollouts(home);
    const second = await importRollout(dir, home, next!);
    assert.deepEqual([second.plans, second.err], [2, []]);
    assert.equal(await noticeNow(second.log.header.source, true, home), undefined);
  });

  it('a deliberate false is kept: the edit leaves it, Codex offers no update_plan, and nothing nags', async () => {
    const dir = tempDir('codex-plan-false-');
    const work = path.join(dir, 'work');
    fs.mkdirSync(work);
    const { home, file } = homeWith(dir, server, '[tools.update_plan]\nenabled = false # I plan myself\n');
    const before = fs.readFileSync(file, 'utf8');
    assert.deepEqual(codexPlanToolChange(readCodexConfig(file)), { kind: 'off-by-choice' });
    assert.equal(fs.readFileSync(file, 'utf8'), before);

    server.script({ text: 'Fixed.' });
    await runCodex(home, work, 'fix the bug');
    assert.ok(!offered(server).includes('update_plan'));
    const imported = await importRollout(dir, home, rollouts(home)[0]!);
    assert.deepEqual([imported.plans, imported.err], [0, []]);
    assert.equal(await noticeNow(imported.log.header.source, false, home), undefined);
  });
});

describe('our codex-acp runs plan (real codex-acp, offline)', () => {
  async function runAcp(steps: ModelStep[]) {
    const dir = tempDir('acp-codex-plan-');
    const { ws, server } = await runPlace(dir, steps);
    const { home, file } = homeWith(dir, server, '', { model: '"gpt-5.4"', sandbox_mode: '"read-only"' });
    const before = fs.readFileSync(file, 'utf8');
    const env = { PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}`, HOME: dir, LANG: 'C.UTF-8' };
    const args = ['run', '--agent', 'codex', '--json', '--session-dir', path.join(dir, 'sessions'), 'Plan it.'];
    const r = await runCli(args, { ...env, CODEX_HOME: home, LOOPBACK_KEY: 'test' }, ws);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(fs.readFileSync(file, 'utf8'), before, "the user's config is not written");
    const plans = loadLogFile(r.json.logPath).events.filter((e) => e.type === 'todo/write').length;
    return { server, plans };
  }

  it('with tools.update_plan unset, the Codex we start takes the override, is offered update_plan, its plan on our log', async () => {
    const { server, plans } = await runAcp(AGENT_SCRIPTS.updatePlan);
    assert.ok(offered(server, 0).includes('update_plan'));
    assert.equal(plans, 2);
  });
});
