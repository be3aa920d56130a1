// The bundles as users get them: dist/extension.js keeps its export shape through
// esbuild, and dist/cli.js runs as a program with the documented exit codes. The
// provider SDKs come with their lazy entries (dist/providers/), loaded only when chosen;
// what a main bundle loads at start is read from the build's metafile.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import Module from 'node:module';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { eventDataSchemas } from '../../../extension/src/core/session/events';
import { longSession, writeSessionLog } from '../support/long-session';
import { loadsLazily, startupFiles, startupText } from '../support/process-bundles';
import { listed, tempDir } from '../support/sessions';
import { textStream } from '../providers/anthropic-wire';
import { LoopbackServer, sse } from '../providers/loopback-server';
import { textStep } from '../providers/openai-wire';

/** The product's threshold (core/zod-compile-when-hot.ts) past which a schema is compiled. */
const HOT_AFTER = 256;

const root = path.resolve(__dirname, '../../..');

before(() => {
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: root, encoding: 'utf8' });
  assert.equal(build.status, 0, build.stderr);
});

describe('bundled extension', () => {
  it('dist/extension.js exports activate and deactivate', () => {
    // `vscode` only exists inside the extension host; loading the bundle here needs a
    // stand-in for that one module so we can read the export shape (nothing is activated).
    const anything: unknown = new Proxy(function () {}, {
      get: (_t, key) => (key === Symbol.toPrimitive ? () => '' : anything),
      apply: () => anything,
      construct: () => anything as object,
    });
    // esbuild's interop copies a module's own keys onto an object whose prototype is the
    // module's prototype, so the catch-all lives on the prototype.
    const standIn: unknown = Object.create(
      new Proxy({}, { get: (_t, key) => (key === '__esModule' || key === 'then' ? undefined : anything) }),
    );
    const load = (Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown })._load;
    (Module as unknown as { _load: typeof load })._load = (request, ...rest) =>
      request === 'vscode' ? standIn : load(request, ...rest);
    try {
      const ext: unknown = Module.createRequire(__filename)(path.join(root, 'dist/extension.js'));
      assert.equal(typeof (ext as { activate?: unknown }).activate, 'function');
      assert.equal(typeof (ext as { deactivate?: unknown }).deactivate, 'function');
      assert.equal((ext as { default?: unknown }).default, undefined, 'no stray default export');
    } finally {
      (Module as unknown as { _load: typeof load })._load = load;
    }
  });
});

describe('bundled CLI', () => {
  const cli = (args: string[], cwd: string) =>
    spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });

  it('is executable with a shebang and runs a scripted turn end to end', () => {
    const dir = tempDir();
    assert.match(fs.readFileSync(path.join(root, 'dist/cli.js'), 'utf8'), /^#!\/usr\/bin\/env node\n/);
    fs.writeFileSync(
      path.join(dir, 's.json'),
      JSON.stringify({
        responses: [
          { toolCalls: [{ name: 'todo_write', arguments: { todos: [{ content: 'a', status: 'in_progress' }] } }] },
          { text: 'ok' },
        ],
      }),
    );
    const run = cli(
      ['run', '--script', 's.json', '--session-dir', 'logs', '--allow-parallel-in-progress', 'false', '--json', 'go'],
      dir,
    );
    assert.equal(run.status, 0, run.stderr);
    const { logPath } = JSON.parse(run.stdout);
    assert.equal(cli(['check', logPath], dir).status, 0);
    assert.deepEqual(listed(cli(['plan', logPath, '--format', 'json'], dir).stdout), [
      { content: 'a', status: 'in_progress' },
    ]);
    assert.equal(cli(['check', path.join(dir, 's.json')], dir).status, 1);
    assert.equal(cli(['nope'], dir).status, 2);
  });

  it("takes checkpoints with the machine's git run from its worker bundle, dist/git-worker.js: changes lists what an item wrote", () => {
    const dir = tempDir();
    fs.mkdirSync(path.join(dir, 'ws'));
    fs.writeFileSync(path.join(dir, 'ws', 'a.txt'), 'before\n');
    const todo = (status: string) => ({ name: 'todo_write', arguments: { todos: [{ content: 'a', status }] } });
    const write = { name: 'write_file', arguments: { path: 'a.txt', content: 'after\n' } };
    fs.writeFileSync(
      path.join(dir, 's.json'),
      JSON.stringify({
        responses: [
          { toolCalls: [todo('in_progress')] },
          { toolCalls: [write] },
          { toolCalls: [todo('completed')] },
          { text: 'ok' },
        ],
      }),
    );
    const env = { ...process.env, XDG_STATE_HOME: path.join(dir, 'state') };
    const built = (args: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'dist/cli.js'), ...args], { cwd: dir, env, encoding: 'utf8' });
    const run = built([
      'run',
      '--script',
      's.json',
      '--cwd',
      'ws',
      '--session-dir',
      'logs',
      '--tools',
      'todo_write,write_file',
      '--allow-parallel-in-progress',
      'false',
      '--yes',
      '--json',
      'go',
    ]);
    assert.equal(run.status, 0, run.stderr);
    const changes = built(['changes', JSON.parse(run.stdout).logPath, '--item', '1', '--format', 'json']);
    assert.equal(changes.status, 0, changes.stderr);
    assert.deepEqual(JSON.parse(changes.stdout).files, [{ status: 'M', path: 'a.txt', added: 1, removed: 1 }]);
    assert.equal(
      fs.readFileSync(path.join(root, 'dist/cli.js'), 'utf8').includes('not a git run'),
      false,
      'the worker is its own bundle',
    );
  });
});

/** Strings only the SDKs contain (each reads its base URL from this variable; our code never does). */
const SDK_MARKERS = { openai: 'OPENAI_BASE_URL', anthropic: 'ANTHROPIC_BASE_URL' } as const;
/** Only re2-wasm's emscripten loader has it. */
const RE2_MARKER = 'locateFile';

/** Strings only the Markdown parser has (character-entities' table, micromark's and mdast-util-gfm's token names). */
const MARKDOWN_MARKERS = ['AElig', 'htmlFlow', 'codeFencedFence', 'gfmFootnoteDefinition'];

describe('Markdown parser bundle', () => {
  it('keeps micromark/mdast out of dist/extension.js and dist/cli.js; extension.js starts the markdown-worker thread instead', () => {
    for (const main of ['dist/extension.js', 'dist/cli.js']) {
      const text = startupText(main);
      assert.deepEqual(
        MARKDOWN_MARKERS.filter((m) => text.includes(m)),
        [],
        `${main} contains the Markdown parser`,
      );
    }
    // The worker is started by its name (core/worker-start.ts adds .js beside the starter), from the answers'
    // presenter: a file the extension loads after activation, at the first answer.
    const starters = fs
      .readdirSync(path.join(root, 'dist'))
      .filter((f) => f.endsWith('.js') && f !== 'markdown-worker.js')
      .filter((f) => fs.readFileSync(path.join(root, 'dist', f), 'utf8').includes('"markdown-worker"'));
    assert.notDeepEqual(starters, [], 'some file of the extension starts the markdown-worker thread');
    assert.doesNotMatch(startupText('dist/extension.js'), /"markdown-worker"/, 'started after activation');
    const worker = fs.readFileSync(path.join(root, 'dist/markdown-worker.js'), 'utf8');
    assert.deepEqual(
      MARKDOWN_MARKERS.filter((m) => !worker.includes(m)),
      [],
      "the markers are the parser's (dist/markdown-worker.js has them all)",
    );
  });

  it('dist/markdown-worker.js alone (no node_modules), as a worker thread, turns an answer into the sanitized tree', () => {
    const dir = tempDir();
    fs.copyFileSync(path.join(root, 'dist/markdown-worker.js'), path.join(dir, 'markdown-worker.js'));
    const answer = '# Done\n\n| a | b |\n|---|:-:|\n| **1** | [x](javascript:alert) |\n\n- [x] parse';
    const script = `const w = new (require('node:worker_threads').Worker)('./markdown-worker.js');
w.on('message', (m) => { if (m.ready) w.postMessage({ id: 1, text: ${JSON.stringify(answer)} }); else { process.stdout.write(JSON.stringify(m)); void w.terminate(); } });`;
    const run = spawnSync(process.execPath, ['-e', script], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH },
    });
    assert.equal(run.status, 0, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      id: 1,
      tree: [
        { t: 'h', level: 1, c: [{ t: 'text', v: 'Done' }] },
        {
          t: 'table',
          align: [null, 'center'],
          head: [[{ t: 'text', v: 'a' }], [{ t: 'text', v: 'b' }]],
          rows: [[[{ t: 'strong', c: [{ t: 'text', v: '1' }] }], [{ t: 'text', v: 'x (javascript:alert)' }]]],
        },
        {
          t: 'list',
          ordered: false,
          start: 1,
          tight: true,
          items: [{ checked: true, c: [{ t: 'p', c: [{ t: 'text', v: 'parse' }] }] }],
        },
      ],
    });
  });
});

describe("zod's compiler bundle", () => {
  it('dist/zod-compiler.js compiles schemas made by another copy of zod, strictly, and answers as the runtime does', () => {
    // The test's schemas come from node_modules' zod; the compiler uses the build's zod chunk, as in production.
    const { compile } = Module.createRequire(__filename)(path.join(root, 'dist/zod-compiler.js')) as {
      compile: <S>(schema: S, options: { strict: true }) => S;
    };
    const schema = eventDataSchemas['todo/write'];
    const compiled = compile(schema, { strict: true });
    assert.notEqual(compiled, schema);
    for (const value of [
      { todos: [{ content: 'a', status: 'pending' }] },
      {
        todos: [
          { content: ' a', status: 'pending' },
          { content: 'a', status: 'done' },
        ],
      },
      { todos: [] },
      {},
    ]) {
      assert.deepStrictEqual(compiled.safeParse(value), schema.safeParse(value));
    }
  });

  it('dist/cli.js check replays a long log with its schemas compiled (dist alone, no node_modules), refusing with the same messages', () => {
    const dir = tempDir();
    for (const f of fs.readdirSync(path.join(root, 'dist')).filter((name) => name.endsWith('.js')))
      fs.copyFileSync(path.join(root, 'dist', f), path.join(dir, f));
    fs.writeFileSync(
      path.join(dir, 'probe.js'),
      "process.on('exit', () => require('fs').writeFileSync(__dirname + '/loaded.json', JSON.stringify(Object.keys(require.cache))));",
    );
    const session = longSession(HOT_AFTER + 10);
    const lines = writeSessionLog(path.join(dir, 'long.jsonl'), session);
    const check = () =>
      spawnSync(process.execPath, ['-r', './probe.js', 'cli.js', 'check', 'long.jsonl'], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      });
    const ok = check();
    assert.equal(ok.status, 0, ok.stderr);
    assert.match(ok.stdout, new RegExp(`^valid: ${session.events.length} events, ${HOT_AFTER + 10} turns`));
    assert.ok(
      (JSON.parse(fs.readFileSync(path.join(dir, 'loaded.json'), 'utf8')) as string[]).includes(
        path.join(fs.realpathSync(dir), 'zod-compiler.js'),
      ),
      'the compiler bundle was loaded',
    );
    const at = lines.reduce((last, l, i) => (l.includes('"type":"todo/write"') ? i : last), -1);
    const broken = JSON.parse(lines[at]!);
    broken.data.todos = [
      { content: ' read', status: 'pending' },
      { content: 'read', status: 'pending' },
      { content: 'read', status: 'pending' },
    ];
    lines[at] = JSON.stringify(broken);
    fs.writeFileSync(path.join(dir, 'long.jsonl'), lines.map((l) => `${l}\n`).join(''));
    const refused = check();
    assert.equal(refused.status, 1);
    assert.match(
      refused.stdout + refused.stderr,
      new RegExp(
        `line ${at + 1}: invalid todo/write data: todos\\[0\\]\\.content: content must already be trimmed; todos\\[2\\]\\.content: duplicate content "read"`,
      ),
    );
  });
});

describe('provider SDK bundles', () => {
  it('keeps both SDKs out of dist/extension.js and dist/cli.js, each in its own dist/providers bundle', () => {
    for (const main of ['dist/extension.js', 'dist/cli.js']) {
      const text = startupText(main);
      for (const [name, marker] of Object.entries(SDK_MARKERS)) {
        assert.ok(!text.includes(marker), `${main} loads the ${name} SDK at start`);
        assert.ok(loadsLazily(main, `dist/providers/${name}.js`), `${main} does not load dist/providers/${name}.js`);
      }
    }
    for (const [name, marker] of Object.entries(SDK_MARKERS)) {
      const provider = `dist/providers/${name}.js`;
      assert.ok(startupText(provider).includes(marker), `${provider} does not bring the ${name} SDK`);
      for (const main of ['dist/extension.js', 'dist/cli.js'])
        assert.ok(!startupFiles(main).includes(provider), `${main} loads ${provider} at start`);
    }
  });

  it('keeps re2-wasm (grep) out of the main bundles; dist/cli.js greps on its worker thread (dist/search-worker.js, RE2 from dist/re2.js), with rg on PATH and without', () => {
    for (const main of ['dist/extension.js', 'dist/cli.js'])
      assert.ok(!startupText(main).includes(RE2_MARKER), `${main} loads re2-wasm at start`);
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'alpha\nbeta\n');
    fs.writeFileSync(
      path.join(dir, 's.json'),
      JSON.stringify({
        responses: [{ toolCalls: [{ name: 'grep', arguments: { pattern: '^b(e)ta$' } }] }, { text: 'ok' }],
      }),
    );
    // PATH as it is (Debian's rg on it: npm test installs it), then a PATH with nothing on it: the JavaScript engine.
    for (const PATH of [process.env.PATH, tempDir()]) {
      const run = spawnSync(
        process.execPath,
        [
          path.join(root, 'dist/cli.js'),
          'run',
          '--script',
          's.json',
          '--tools',
          'grep',
          '--session-dir',
          'logs',
          '--allow-parallel-in-progress',
          'true',
          '--json',
          'go',
        ],
        { cwd: dir, encoding: 'utf8', env: { PATH } },
      );
      assert.equal(run.status, 0, run.stderr);
      const { logPath } = JSON.parse(run.stdout) as { logPath: string };
      const results = fs
        .readFileSync(logPath, 'utf8')
        .split('\n')
        .filter((l) => l.includes('"tool/result"'));
      assert.equal(results.length, 1);
      assert.match(results[0] ?? '', /notes\.txt:2: beta/);
      assert.doesNotMatch(results[0] ?? '', /"isError":true/);
      fs.rmSync(path.join(dir, 'logs'), { recursive: true });
    }
  });

  for (const provider of ['openai', 'anthropic'] as const) {
    it(`runs dist/cli.js --provider ${provider} against a loopback server, the SDK loaded from its bundle`, async () => {
      const body = provider === 'openai' ? sse(textStep('hi from the bundle')) : sse(textStream('hi from the bundle'));
      const server = await LoopbackServer.start([body]);
      const dir = tempDir();
      try {
        const baseUrl = provider === 'openai' ? `${server.url}/v1` : server.url;
        const args = [
          'run',
          '--provider',
          provider,
          '--base-url',
          baseUrl,
          '--model',
          'm',
          '--api-key-env',
          'LOOPBACK_KEY',
          '--session-dir',
          'logs',
          '--allow-parallel-in-progress',
          'true',
          '--json',
          'go',
        ];
        // NODE_PATH empty and cwd outside the repository: the SDK can only come from dist/providers.
        const child = spawn(process.execPath, [path.join(root, 'dist/cli.js'), ...args], {
          cwd: dir,
          env: { PATH: process.env.PATH, LOOPBACK_KEY: 'k' },
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
        assert.equal(code, 0, stderr);
        const summary: unknown = JSON.parse(stdout);
        assert.ok(typeof summary === 'object' && summary !== null && 'finalText' in summary);
        assert.equal(summary.finalText, 'hi from the bundle');
        assert.equal(server.requests.length, 1);
      } finally {
        await server.close();
      }
    });
  }
});
