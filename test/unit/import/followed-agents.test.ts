// A followed agent is its descriptor, and the list (core/import/followed-agents.ts) is
// the one place that knows them: the setting's enum and its descriptions match the
// list; each plan notice and its button are translated and shown in the Plan view's
// empty view; a line of the fixtures is recognised by one agent at most; and a new
// agent is its descriptor plus its line in a copy of the list: a made-up agent whose
// files are JSONL of a tiny format is followed into our log, imported by the import,
// recognised among the real ones, and its plan-tool-off notice is found.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as z from 'zod/mini';
import { AgentFollowers } from '../../../extension/src/core/import/agent-followers';
import { unreadSessionInfo, type AgentFileReader, type AgentLine } from '../../../extension/src/core/import/agent-plan';
import type { FollowReport } from '../../../extension/src/core/import/follow-messages';
import type { FollowedAgent } from '../../../extension/src/core/import/followed-agent';
import { agentHomes, FOLLOWED_AGENTS } from '../../../extension/src/core/import/followed-agents';
import { importAgentFile } from '../../../extension/src/core/import/import-log';
import { planNoticeOfFile, planNoticeOfLog } from '../../../extension/src/core/import/plan-notice';
import { readAgentFile } from '../../../extension/src/core/import/read-agent-file';
import { loadLogFile } from '../../../extension/src/core/store/log-file';
import { tempDir } from '../support/sessions';
import { jsonLines } from './agent-lines';

const root = path.resolve(__dirname, '../../..');
const FIXTURES = path.join(root, 'test/fixtures/agent-files');
const strings = z.record(z.string(), z.string());
const manifest = z.object({
  contributes: z.object({
    configuration: z.object({ properties: z.record(z.string(), z.unknown()) }),
    viewsWelcome: z.array(z.object({ view: z.string(), contents: z.string(), when: z.optional(z.string()) })),
  }),
});
const followSetting = z.object({
  items: z.object({ enum: z.array(z.string()), enumDescriptions: z.array(z.string()) }),
  default: z.array(z.string()),
});
/** Each fixture's agent, by the fixture name's first word. */
const FIXTURE_AGENTS: Record<string, string> = { claude: 'claude-code', codex: 'codex', gemini: 'gemini-cli' };
const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

/**
 * A made-up agent: `<home>/<folder's base name>/*.jsonl`, lines `{"fake":"session","id"}`,
 * `{"fake":"prompt","text","at"}`, `{"fake":"plan","items":[[content, status]],"at"}`.
 */
class FakeReader implements AgentFileReader {
  readonly info = unreadSessionInfo('fake-agent');
  skipped = 0;
  readLine(line: AgentLine | undefined): ReturnType<AgentFileReader['readLine']> {
    const at = typeof line?.at === 'string' ? line.at : '';
    if (line?.fake === 'session' && typeof line.id === 'string') this.info.sessionId = line.id;
    else if (line?.fake === 'prompt') return [{ kind: 'turn-start', ts: at }];
    else if (line?.fake === 'plan' && Array.isArray(line.items)) {
      this.info.planCalls++;
      const items = z.array(z.tuple([z.string(), z.enum(['pending', 'in_progress', 'completed'])])).parse(line.items);
      return [{ kind: 'plan', ts: at, todos: items.map(([content, status]) => ({ content, status })) }];
    } else this.skipped++;
    return [];
  }
}

const fakeAgent: FollowedAgent = {
  id: 'fake-agent',
  name: 'Fake Agent',
  home: (env, homedir) => env.FAKE_AGENT_HOME ?? path.join(homedir, '.fake'),
  homeVariables: ['FAKE_AGENT_HOME'],
  reading: {
    kind: 'jsonl',
    load: () => ({
      files: {
        dirOf: (home, folder) => path.join(home, path.basename(folder)),
        recursive: false,
        isSessionFile: (name) => name.endsWith('.jsonl'),
        list: (dir) => (fs.existsSync(dir) ? fs.readdirSync(dir).map((n) => path.join(dir, n)) : []),
      },
      recognises: (line) => line.fake === 'session',
      reader: () => new FakeReader(),
      what: 'a Fake Agent log',
      importHelp: 'a Fake Agent log',
      warning: () => 'warning: no plan',
    }),
  },
  planToolOff: {
    notice: 'fake-plan-off',
    ofFile: () => true,
    ofLog: () => true,
    text: 'No plan: the fake agent hides its plan.',
    action: { label: 'Turn It On', command: 'fake.turnOn' },
  },
};
const AGENTS = [...FOLLOWED_AGENTS, fakeAgent];

const line = (value: object): string => `${JSON.stringify(value)}\n`;
const SESSION = line({ fake: 'session', id: 'f1' });
const PROMPT = line({ fake: 'prompt', text: 'do it', at: '2026-12-07T10:00:00.000Z' });
const plan = (status: 'pending' | 'completed', at: string) =>
  line({ fake: 'plan', items: [['Read the code', status]], at });

describe('the followed agents list', () => {
  it("is agentChecklist.followAgents' enum and default, each with its description", () => {
    const pkg = manifest.parse(readJson('package.json'));
    const setting = followSetting.parse(pkg.contributes.configuration.properties['agentChecklist.followAgents']);
    const ids = FOLLOWED_AGENTS.map((a) => a.id);
    assert.deepEqual(setting.items.enum, ids);
    assert.deepEqual(setting.default, ids);
    assert.deepEqual(
      setting.items.enumDescriptions,
      ids.map((id) => `%config.followAgents.${id}%`),
    );
    for (const nls of ['package.nls.json', 'package.nls.zh-cn.json']) {
      const texts = strings.parse(readJson(nls));
      for (const id of ids) assert.ok(texts[`config.followAgents.${id}`], `${nls} describes ${id}`);
    }
  });

  it("has each plan notice translated, and in the Plan view's empty view", () => {
    const zh = strings.parse(readJson('l10n/bundle.l10n.zh-cn.json'));
    const nls = strings.parse(readJson('package.nls.json'));
    const welcome = manifest.parse(readJson('package.json')).contributes.viewsWelcome;
    for (const { id, planToolOff: off } of FOLLOWED_AGENTS) {
      if (off === undefined) continue;
      assert.ok(zh[off.text], `${id}'s notice is translated`);
      assert.ok(zh[off.action.label], `${id}'s button is translated`);
      const view = welcome.find((w) => w.when === `agentChecklist.planNotice == ${off.notice}`);
      const contents = nls[/^%(.+)%$/.exec(view?.contents ?? '')?.[1] ?? ''] ?? '';
      assert.ok(contents.includes(`(command:${off.action.command}`), `${id}'s notice is in the Plan view`);
    }
  });

  it('recognises each line of the fixtures as one agent at most, and each fixture as its agent', () => {
    for (const name of fs.readdirSync(FIXTURES).filter((n) => n.endsWith('.jsonl'))) {
      const lines = jsonLines(path.join(FIXTURES, name));
      for (const agentLine of lines) {
        const told = AGENTS.filter((a) => a.reading.kind === 'jsonl' && a.reading.load().recognises(agentLine));
        assert.ok(told.length <= 1, `${name}: ${told.map((a) => a.id).join(', ')}`);
      }
      const agent = FIXTURE_AGENTS[name.split('-')[0]!];
      assert.equal(readAgentFile(path.join(FIXTURES, name), AGENTS).info.agent, agent, name);
    }
  });
});

describe('a new followed agent: its descriptor and a line in the list', () => {
  it('is followed into our log as it writes, and imported by the import', async () => {
    const dir = tempDir('fake-agent-');
    const folder = path.join(dir, 'work');
    const home = path.join(dir, 'fake-home');
    const sessionDir = path.join(dir, 'ours');
    const reports: FollowReport[] = [];
    const followers = new AgentFollowers((r) => reports.push(r), AGENTS);
    const homes = agentHomes({ FAKE_AGENT_HOME: home }, dir, AGENTS);
    assert.equal(homes['fake-agent'], home);
    followers.configure({ folders: [folder], agents: ['fake-agent'], homes, sessionDir });
    const file = path.join(home, 'work', 'session.jsonl');
    const versions = () => reports.reduce((n, r) => n + (r.kind === 'wrote' ? r.versions : 0), 0);
    const until = async (done: () => boolean) => {
      for (const deadline = Date.now() + 20_000; !done() && Date.now() < deadline;)
        await new Promise((r) => setTimeout(r, 50));
      assert.ok(done(), JSON.stringify(reports));
    };
    try {
      // Its folder appears after following started (the watch looks for it again).
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, SESSION + PROMPT + plan('pending', '2026-12-07T10:00:01.000Z'));
      await until(() => versions() === 1);
      fs.appendFileSync(file, plan('completed', '2026-12-07T10:00:02.000Z'));
      await until(() => versions() === 2);
    } finally {
      followers.dispose();
    }
    const wrote = reports.find((r) => r.kind === 'wrote');
    assert.ok(wrote?.kind === 'wrote');
    assert.equal(path.basename(wrote.logPath), 'fake-agent-f1.jsonl');
    const log = loadLogFile(wrote.logPath);
    assert.deepEqual(log.header.source, { kind: 'imported', name: 'fake-agent', version: 'unknown', file });
    const todos = log.events.flatMap((e) => (e.type === 'todo/write' ? [e.data.todos] : []));
    assert.deepEqual(todos, [
      [{ content: 'Read the code', status: 'pending' }],
      [{ content: 'Read the code', status: 'completed' }],
    ]);
    const imported = importAgentFile(file, path.join(dir, 'imported'), AGENTS);
    assert.equal(imported.versions, 2);
    assert.equal(fs.readFileSync(imported.path, 'utf8'), fs.readFileSync(wrote.logPath, 'utf8'));
    assert.deepEqual(
      reports.filter((r) => r.kind === 'problem'),
      [],
    );
  });

  it('has its own plan-tool-off notice; without its line in the list its files are read by none', () => {
    const dir = tempDir('fake-agent-');
    const file = path.join(dir, 'session.jsonl');
    fs.writeFileSync(file, SESSION + PROMPT);
    const read = readAgentFile(file, AGENTS);
    assert.equal(planNoticeOfFile(read.info, AGENTS)?.off.notice, 'fake-plan-off');
    assert.equal(planNoticeOfFile(read.info, FOLLOWED_AGENTS), undefined, 'an agent the list does not hold has none');
    const source = { kind: 'imported', name: 'fake-agent', version: '1', file } as const;
    assert.equal(planNoticeOfLog(source, false, AGENTS)?.agent, fakeAgent);
    assert.throws(
      () => readAgentFile(file),
      /neither a Claude Code transcript, a Codex rollout nor a Gemini CLI session/,
    );
  });
});
