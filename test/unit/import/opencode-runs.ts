// Runs the REAL opencode (devDependency opencode-linux-x64: the Linux binary that the npm
// package opencode-ai installs) offline: against an OpenAI-compatible chat completions
// server on 127.0.0.1 that this process owns and that answers from a script, one step
// per model request that offers tools (opencode's title requests offer none and get a
// title). opencode keeps its state in a temporary HOME / XDG folders; its provider is
// the project's opencode.json (`@ai-sdk/openai-compatible`, built into its binary), and
// nothing is fetched: no models list, no plugins, no update check. A caller whose code
// is bundled elsewhere (the integration tier's out/integration) names the binary itself.
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import type { ModelStep } from './agent-runs';

const OPENCODE = path.resolve(__dirname, '../../../node_modules/opencode-linux-x64/bin/opencode');

const chunk = (id: string, delta: object, finish: string | null = null): string =>
  `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 1, model: 'test-model', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;

export class ChatCompletionsServer {
  private readonly steps: ModelStep[] = [];
  private served = 0;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => this.answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });

  static async start(): Promise<ChatCompletionsServer> {
    const s = new ChatCompletionsServer();
    await new Promise<void>((resolve) => s.server.listen(0, '127.0.0.1', () => resolve()));
    return s;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

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
    if (req.method !== 'POST' || !(req.url ?? '').includes('/chat/completions')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
      return;
    }
    const request = JSON.parse(body) as { tools?: unknown[] };
    const id = `chatcmpl-${++this.served}`;
    const step: ModelStep =
      request.tools === undefined
        ? { text: 'A title' }
        : (this.steps.shift() ?? { text: 'The script has no step left.' });
    const events =
      'tool' in step
        ? [
            chunk(id, { role: 'assistant', content: '' }),
            chunk(id, {
              tool_calls: [
                {
                  index: 0,
                  id: `call_${this.served}`,
                  type: 'function',
                  function: { name: step.tool, arguments: JSON.stringify(step.input) },
                },
              ],
            }),
            chunk(id, {}, 'tool_calls'),
          ]
        : [chunk(id, { role: 'assistant', content: step.text }), chunk(id, {}, 'stop')];
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(`${events.join('')}data: [DONE]\n\n`);
  }
}

/** opencode's folders under `home`: where a run keeps its database (`<data>/opencode/opencode.db`). */
export function opencodeDirs(home: string): { data: string; db: string } {
  const data = path.join(home, '.local', 'share');
  return { data, db: path.join(data, 'opencode', 'opencode.db') };
}

/** `opencode run <prompt>` in `project` (its opencode.json written to point at `server`), its state under `home`. */
export function runOpencode(
  server: ChatCompletionsServer,
  home: string,
  project: string,
  prompt: string,
  binary = OPENCODE,
): Promise<string> {
  fs.writeFileSync(
    path.join(project, 'opencode.json'),
    JSON.stringify({
      provider: {
        loopback: {
          npm: '@ai-sdk/openai-compatible',
          name: 'Loopback',
          options: { baseURL: server.url, apiKey: 'test' },
          models: { 'test-model': { name: 'Test model', tool_call: true } },
        },
      },
      model: 'loopback/test-model',
      small_model: 'loopback/test-model',
      autoupdate: false,
      share: 'disabled',
    }),
  );
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    LANG: 'C.UTF-8',
    XDG_DATA_HOME: opencodeDirs(home).data,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_STATE_HOME: path.join(home, '.local', 'state'),
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_SHARE: '1',
    OPENCODE_PURE: '1',
    npm_config_offline: 'true',
  };
  return new Promise((resolve, reject) => {
    const child = execFile(
      binary,
      ['run', prompt],
      { cwd: project, env, timeout: 180_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`opencode run failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolve(stdout);
      },
    );
    child.stdin?.end();
  });
}

const todo = (content: string, status: string, priority = 'medium') => ({ content, status, priority });

/** The model's scripts: three todowrite calls (the last one cancels an item), then a closing text. */
export const OPENCODE_SCRIPTS = {
  threeWrites: [
    {
      tool: 'todowrite',
      input: { todos: [todo('Read the code', 'in_progress', 'high'), todo('Fix the bug', 'pending')] },
    },
    {
      tool: 'todowrite',
      input: { todos: [todo('Read the code', 'completed', 'high'), todo('Fix the bug', 'in_progress')] },
    },
    {
      tool: 'todowrite',
      input: {
        todos: [
          todo('Read the code', 'completed', 'high'),
          todo('Fix the bug', 'completed'),
          todo('Polish', 'cancelled', 'low'),
        ],
      },
    },
    { text: 'Fixed.' },
  ],
  oneWrite: [{ tool: 'todowrite', input: { todos: [todo('Write the docs', 'in_progress')] } }, { text: 'Writing.' }],
} satisfies Record<string, ModelStep[]>;
