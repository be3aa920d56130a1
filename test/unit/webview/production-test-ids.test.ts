// Test-only code never ships: the production webview (scripts/build.mjs --production
// builds webviewConfigs(…, { production: true })) carries no `data-testid`, while the
// development build that the integration and e2e tiers and the benches drive keeps
// every one of them. Each test id must be written in a form the strip removes whole
// (scripts/webview-test-ids.mjs): anything else fails the build, naming the line.
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { webviewConfigs } from '../../../scripts/webview-build.mjs';
import { testIdsIn, webviewTestIds } from '../../../scripts/webview-test-ids.mjs';

/** Each output's JavaScript by its name under dist/webview/ (main.js, <chunk>.js). */
async function webviewBundles(production: boolean): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const config of webviewConfigs({ logLevel: 'silent', sourcemap: false }, { production })) {
    const name = String(config.outfile).split('/').pop() ?? '';
    const result = await esbuild.build({ ...config, write: false, outfile: `out/production-test-ids-test/${name}` });
    out.set(name, result.outputFiles.find((f) => f.path.endsWith(`/${name}`))?.text ?? '');
  }
  return out;
}

/** How each test id written in webview/src looks as a prop of the development build's minified JSX calls. */
function sourceTestIds(dir = 'webview/src'): { id: string; emitted: RegExp }[] {
  const quoted = (id: string): string => JSON.stringify(id).replace(/[-]/g, '\\-');
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceTestIds(file);
    if (!/\.tsx?$/.test(entry.name)) return [];
    const text = fs.readFileSync(file, 'utf8');
    return [...text.matchAll(/data-testid=(?:"([^"]*)"|\{[\w.]+ \? '([^']*)' : '([^']*)'\})/g)].map(([attribute, literal, a, b]) =>
      literal !== undefined
        ? { id: attribute, emitted: new RegExp(`"data-testid":${quoted(literal)}`) }
        : { id: attribute, emitted: new RegExp(`"data-testid":[\\w$.]+\\?${quoted(a ?? '')}:${quoted(b ?? '')}`) },
    );
  });
}

describe('the webview test ids', () => {
  it('are nowhere in the production bundles (main.js and every chunk)', async () => {
    const bundles = await webviewBundles(true);
    assert.ok(bundles.get('main.js')?.includes('import("./child-panel.js")'), 'main.js is built (the outputs are read right)');
    for (const [name, code] of bundles) assert.ok(!code.includes('data-testid'), `${name} (production) contains data-testid`);
  });

  it('are all in the development build, in main.js or the chunk that renders them', async () => {
    const code = [...(await webviewBundles(false)).values()].join('\n');
    const ids = sourceTestIds();
    assert.ok(ids.length >= 30 && ids.some((t) => t.id === 'data-testid="child-back"'), `the sources' test ids are read (${ids.length})`);
    assert.deepEqual(ids.filter((t) => !t.emitted.test(code)).map((t) => t.id), [], 'test ids the development build lost');
  });

  it('strip only the attribute and keep every line and column (the build\'s messages point right)', () => {
    const literal = 'data-testid="x"';
    const choice = "data-testid={main ? 'm' : 'c'}";
    const source = `<div\n  class="a"\n  ${literal} id={main ? 'm' : 'c'} ${choice}>\n</div>`;
    const blank = (attribute: string): string => ' '.repeat(attribute.length);
    assert.equal(testIdsIn(source, true).contents, `<div\n  class="a"\n  ${blank(literal)} id={main ? 'm' : 'c'} ${blank(choice)}>\n</div>`);
    assert.equal(testIdsIn(source, false).contents, source, 'the development build compiles the source as written');
  });

  it('fail the build, naming the line, for a test id written any other way', async () => {
    for (const misuse of ['<b data-testid={id} />', '<b {...{ \'data-testid\': \'x\' }} />', 'query(\'[data-testid="x"]\')', '<b data-testid={a ? b : \'c\'} />']) {
      const checked = testIdsIn(`const a = 1;\n${misuse}`, true);
      assert.equal(checked.error?.line, 2, `${misuse} is refused on its line`);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agent-checklist-test-ids-'));
    try {
      const file = path.join(dir, 'bad.tsx');
      fs.writeFileSync(file, 'export const b = (id: string) => <b data-testid={id} />;\n');
      for (const strip of [true, false]) {
        await assert.rejects(
          esbuild.build({ entryPoints: [file], bundle: true, write: false, logLevel: 'silent', jsx: 'automatic', jsxImportSource: 'preact', external: ['preact'], plugins: [webviewTestIds({ strip })] }),
          (error: esbuild.BuildFailure) => error.errors.some((e) => e.location?.line === 1 && e.text.includes('must be a JSX attribute')),
          `the ${strip ? 'production' : 'development'} build refuses it`,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fail the production build when any output still contains one', async () => {
    await assert.rejects(
      esbuild.build({ stdin: { contents: 'console.log("data-testid")' }, bundle: true, write: false, logLevel: 'silent', outfile: 'out/x.js', plugins: [webviewTestIds({ strip: true })] }),
      (error: esbuild.BuildFailure) => error.errors.some((e) => e.text.includes('still contains data-testid')),
    );
  });
});
