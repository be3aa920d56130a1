// Runs the REAL Claude Code, Codex and Gemini CLI (devDependencies) offline: each against a model
// server on 127.0.0.1 that this process owns and that answers from a script, one
// step per model request of the agent's conversation. The model edge is the only
// mock; the agents' own session files are what they write.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { anthropicSse } from '../providers/anthropic-wire';

/** One model reply: a tool call (name, input) or a closing text. */
export type ModelStep = { tool: string; input: unknown } | { text: string };

const BIN = path.resolve(__dirname, '../../../node_modules/.bin');

/**
 * A model server for three wires: POST .../messages (Anthropic, streamed), POST
 * .../responses (OpenAI Responses, streamed) and POST .../models/<model>:streamGenerateContent
 * (Gemini API, SSE) take the next step of the script; Gemini CLI's model router asks
 * POST .../models/<model>:generateContent (no tools) which model to use and is told
 * "pro" without taking a step; any other request (Claude Code's reachability probe)
 * gets an empty 200.
 */
export class ScriptedModelServer {
  private readonly steps: ModelStep[] = [];
  private served = 0;
  /** The body of every model request (Anthropic or Responses), in order: what the agent told the model. */
  readonly requests: string[] = [];
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  static async start(): Promise<ScriptedModelServer> {
    const s = new ScriptedModelServer();
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', () => resolve()));
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Steps for the next run; the run must use all of them (see `left`). */
  script(...steps: ModelStep[]): void {
    this.steps.push(...steps);
  }

  get left(): number {
    return this.steps.length;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(req: http.IncomingMessage, res: http.ServerResponse, body: string): void {
    const url = req.url ?? '';
    const wire = req.method === 'POST' ? wireOf(url) : undefined;
    if (wire === undefined || wire === 'gemini-router') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(wire === undefined ? '{}' : JSON.stringify(geminiChunk([{ text: GEMINI_ROUTE }])));
      return;
    }
    this.requests.push(body);
    const step = this.steps.shift() ?? { text: 'The script has no step left.' };
    const id = ++this.served;
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(
      wire === 'anthropic'
        ? anthropicReply(step, id)
        : wire === 'responses'
          ? responsesReply(step, id)
          : `data: ${JSON.stringify(geminiChunk(['tool' in step ? { functionCall: { name: step.tool, args: step.input } } : { text: step.text }]))}\n\n`,
    );
  }
}

function wireOf(url: string): 'anthropic' | 'responses' | 'gemini' | 'gemini-router' | undefined {
  if (/\/messages(\?|$)/.test(url) && !url.includes('count_tokens')) return 'anthropic';
  if (/\/responses(\?|$)/.test(url)) return 'responses';
  if (/\/models\/[^/:]+:streamGenerateContent/.test(url)) return 'gemini';
  if (/\/models\/[^/:]+:generateContent/.test(url)) return 'gemini-router';
  return undefined;
}

/** The answer Gemini CLI's model router expects (its classifier's JSON): the "pro" model. */
const GEMINI_ROUTE = JSON.stringify({ reasoning: 'loopback', model_choice: 'pro' });

/** One Gemini API response (a whole answer in one chunk). */
function geminiChunk(parts: unknown[]): unknown {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
  };
}

function anthropicReply(step: ModelStep, id: number): string {
  const start = {
    type: 'message_start',
    message: {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: 'claude-test',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
    },
  };
  const [block, delta, stop] =
    'tool' in step
      ? [
          { type: 'tool_use', id: `toolu_${id}`, name: step.tool, input: {} },
          { type: 'input_json_delta', partial_json: JSON.stringify(step.input) },
          'tool_use',
        ]
      : [{ type: 'text', text: '' }, { type: 'text_delta', text: step.text }, 'end_turn'];
  return anthropicSse([
    start,
    { type: 'content_block_start', index: 0, content_block: block },
    { type: 'content_block_delta', index: 0, delta },
    { type: 'content_block_stop', index: 0 },
    { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } },
    { type: 'message_stop' },
  ]);
}

/** The Responses API stream: created, the one output item, completed. */
function responsesReply(step: ModelStep, id: number): string {
  const item =
    'tool' in step
      ? {
          type: 'function_call',
          id: `fc_${id}`,
          call_id: `call_${id}`,
          name: step.tool,
          arguments: JSON.stringify(step.input),
          status: 'completed',
        }
      : {
          type: 'message',
          id: `msg_${id}`,
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: step.text, annotations: [] }],
        };
  const usage = {
    input_tokens: 10,
    input_tokens_details: null,
    output_tokens: 5,
    output_tokens_details: null,
    total_tokens: 15,
  };
  const events = [
    { type: 'response.created', response: { id: `resp_${id}` } },
    { type: 'response.output_item.done', output_index: 0, item },
    { type: 'response.completed', response: { id: `resp_${id}`, usage } },
  ];
  return events.map((e) => `event: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

function run(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, binDir = BIN): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(path.join(binDir, bin), args, { cwd, env, timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${bin} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
    child.stdin?.end();
  });
}

/** The environment an agent runs in: no network but the loopback server, no telemetry. */
function offlineEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    ...extra,
  };
}

/**
 * What Claude Code (`claude`, or `claude-agent-acp` which bundles it) needs to run
 * offline against `server`, keeping its state in `configDir`: a key the server takes,
 * TodoWrite offered, no telemetry; IS_SANDBOX lets it run as root (CI containers).
 */
export function claudeEnv(server: ScriptedModelServer, configDir: string): Record<string, string> {
  return {
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: server.url,
    ANTHROPIC_API_KEY: 'test',
    IS_SANDBOX: '1',
    CLAUDE_CODE_ENABLE_TODO_TOOLS: '1',
    DISABLE_TELEMETRY: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  };
}

export interface ClaudeRun {
  configDir: string;
  /**
   * `todo` runs with TodoWrite, `tasks` with TaskCreate / TaskUpdate; `default` as a
   * user's Claude Code runs out of the box (its default model, the plan tools neither
   * turned on nor off here: its settings' `env` decides).
   */
  tools: 'todo' | 'tasks' | 'default';
}

/** `claude -p <prompt>` (or `--resume <id> -p`): the transcript it wrote is under `configDir/projects/`. */
export function runClaude(
  server: ScriptedModelServer,
  cwd: string,
  opts: ClaudeRun,
  prompt: string,
  resume?: string,
): Promise<string> {
  const { CLAUDE_CODE_ENABLE_TODO_TOOLS: _, ...untouched } = claudeEnv(server, opts.configDir);
  const env = offlineEnv(
    opts.tools === 'default'
      ? untouched
      : { ...claudeEnv(server, opts.configDir), CLAUDE_CODE_ENABLE_TASKS: opts.tools === 'tasks' ? '1' : '0' },
  );
  const args = [
    ...(resume === undefined ? [] : ['--resume', resume]),
    '-p',
    prompt,
    '--dangerously-skip-permissions',
    ...(opts.tools === 'default' ? [] : ['--model', 'claude-sonnet-4-5']),
  ];
  return run('claude', args, cwd, env);
}

/** The one transcript Claude Code keeps for `cwd` (a resume appends to it). */
export function claudeTranscript(configDir: string): string {
  const projects = path.join(configDir, 'projects');
  const files = fs.readdirSync(projects).flatMap((d) =>
    fs
      .readdirSync(path.join(projects, d))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => path.join(projects, d, f)),
  );
  if (files.length !== 1) throw new Error(`expected one transcript, found ${files.length}: ${files.join(', ')}`);
  return files[0]!;
}

/**
 * A CODEX_HOME whose config points Codex at the loopback server's Responses API, with
 * update_plan offered. `settings` are more top-level keys (each value TOML, so a
 * string is quoted), laid over `model` and `model_provider`.
 */
export function codexHome(dir: string, server: ScriptedModelServer, settings: Record<string, string> = {}): string {
  fs.mkdirSync(dir, { recursive: true });
  const top = Object.entries({ model: '"test-model"', model_provider: '"loopback"', ...settings }).map(
    ([key, value]) => `${key} = ${value}\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'config.toml'),
    `${top.join('')}\n[model_providers.loopback]\nname = "loopback"\nbase_url = "${server.url}/v1"\nwire_api = "responses"\nenv_key = "LOOPBACK_KEY"\n\n[tools.update_plan]\nenabled = true\n`,
  );
  return dir;
}

/** `codex exec <prompt>` (or `codex exec resume <id> <prompt>`). */
export function runCodex(home: string, cwd: string, prompt: string, resume?: string): Promise<string> {
  const args = ['exec', ...(resume === undefined ? [] : ['resume', resume]), '--skip-git-repo-check', prompt];
  return run('codex', args, cwd, offlineEnv({ CODEX_HOME: home, LOOPBACK_KEY: 'test' }));
}

/** Codex's one rollout file under `home/sessions/YYYY/MM/DD/`. */
export function codexRollout(home: string): string {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (/^rollout-.*\.jsonl$/.test(e.name)) found.push(path.join(dir, e.name));
    }
  };
  walk(path.join(home, 'sessions'));
  if (found.length !== 1) throw new Error(`expected one rollout, found ${found.length}: ${found.join(', ')}`);
  return found[0]!;
}

const item = (content: string, status: string) => ({ content, status, activeForm: `Doing: ${content}` });
const todo = (description: string, status: string) => ({ description, status });
const steps = (...items: [string, string][]) => items.map(([step, status]) => ({ step, status }));

/** The model's scripts, shared by the real-agent tests and the fixture recorder (test/fixtures/agent-files). */
export const AGENT_SCRIPTS = {
  todoWrite: [
    { tool: 'TodoWrite', input: { todos: [item('Read the code', 'in_progress'), item('Fix the bug', 'pending')] } },
    { tool: 'TodoWrite', input: { todos: [item('Read the code', 'completed'), item('Fix the bug', 'in_progress')] } },
    { text: 'Fixed.' },
  ],
  todoWriteResumed: [
    { tool: 'TodoWrite', input: { todos: [item('Read the code', 'completed'), item('Fix the bug', 'completed')] } },
    { text: 'Done.' },
  ],
  tasks: [
    {
      tool: 'TaskCreate',
      input: { subject: 'Read the code', description: 'All of it', activeForm: 'Reading the code' },
    },
    { tool: 'TaskCreate', input: { subject: 'Fix the bug', description: 'The crash' } },
    { tool: 'TaskUpdate', input: { taskId: '1', status: 'in_progress' } },
    { tool: 'TaskList', input: {} },
    { tool: 'TaskUpdate', input: { taskId: '1', status: 'completed' } },
    { tool: 'TaskUpdate', input: { taskId: '2', status: 'deleted' } },
    { text: 'Done.' },
  ],
  updatePlan: [
    {
      tool: 'update_plan',
      input: { explanation: 'Start', plan: steps(['Read the code', 'in_progress'], ['Fix the bug', 'pending']) },
    },
    { tool: 'update_plan', input: { plan: steps(['Read the code', 'completed'], ['Fix the bug', 'in_progress']) } },
    { text: 'Fixed.' },
  ],
  writeTodos: [
    { tool: 'write_todos', input: { todos: [todo('Read the code', 'in_progress'), todo('Fix the bug', 'pending')] } },
    {
      tool: 'write_todos',
      input: {
        todos: [todo('Read the code', 'completed'), todo('Fix the bug', 'in_progress'), todo('Old idea', 'cancelled')],
      },
    },
    {
      tool: 'write_todos',
      input: {
        todos: [todo('Read the code', 'completed'), todo('Fix the bug', 'completed'), todo('Add a test', 'blocked')],
      },
    },
    { text: 'Fixed.' },
  ],
  updatePlanResumed: [
    { tool: 'update_plan', input: { plan: steps(['Read the code', 'completed'], ['Fix the bug', 'completed']) } },
    { text: 'Done.' },
  ],
} satisfies Record<string, ModelStep[]>;

/**
 * A Gemini CLI home (`GEMINI_CLI_HOME`): its settings pick the Gemini API key (the
 * loopback server takes any), trust every folder and send nothing home.
 */
export function geminiHome(dir: string): string {
  fs.mkdirSync(path.join(dir, '.gemini'), { recursive: true });
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
  };
  fs.writeFileSync(path.join(dir, '.gemini', 'settings.json'), JSON.stringify(settings));
  return dir;
}

/** A Gemini 2.x model: Gemini CLI offers it `write_todos`. */
export const GEMINI_PLAN_MODEL = 'gemini-2.5-pro';

/**
 * `gemini -p <prompt> --yolo` with `model` (undefined: Gemini CLI's default, chosen by
 * its router) against `server`; its sessions go under `home/.gemini/tmp/<slug>/chats/`.
 * `binDir`: where `gemini` is (a bundled test finds node_modules/.bin from its extension).
 */
export function runGemini(
  server: ScriptedModelServer,
  home: string,
  cwd: string,
  prompt: string,
  model: string | undefined,
  binDir = BIN,
): Promise<string> {
  const args = ['-p', prompt, '--yolo', ...(model === undefined ? [] : ['-m', model])];
  const env = { HOME: home, GEMINI_CLI_HOME: home, GEMINI_API_KEY: 'test', GOOGLE_GEMINI_BASE_URL: server.url };
  return run('gemini', args, cwd, offlineEnv(env), binDir);
}

/** Gemini CLI's one session file of `home` (its main sessions: `session-*.jsonl` in a project's chats folder). */
export function geminiSession(home: string): string {
  const tmp = path.join(home, '.gemini', 'tmp');
  const files = fs.readdirSync(tmp).flatMap((slug) => {
    const chats = path.join(tmp, slug, 'chats');
    return fs.existsSync(chats)
      ? fs
          .readdirSync(chats)
          .filter((f) => /^session-.*\.jsonl$/.test(f))
          .map((f) => path.join(chats, f))
      : [];
  });
  if (files.length !== 1)
    throw new Error(`expected one Gemini CLI session, found ${files.length}: ${files.join(', ')}`);
  return files[0]!;
}

/** Codex's thread id, from its rollout's name. */
export function codexThreadId(rollout: string): string {
  const id = /rollout-.*-([0-9a-f]{8}-[0-9a-f-]+)\.jsonl$/.exec(rollout)?.[1];
  if (id === undefined) throw new Error(`not a rollout name: ${rollout}`);
  return id;
}
