// Redaction comes before any cut: a secret printed whole is removed from the whole
// output stream, wherever chunk boundaries and bash's head/tail cut fall, so the cut
// can never leave its two halves in what the model sees. (A command that prints a
// secret in two pieces on purpose is not a secret printed whole: out of reach here.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildToolRegistry } from '../../../extension/src/core/agent/tool-set';
import { HeadTailBuffer } from '../../../extension/src/core/tools/bash/output-cap';
import { REDACTED, Redactor } from '../../../extension/src/core/tools/tool-env';
import { autoApprovals, ctx, tempWorkspace } from './support';

/** A small seeded generator (mulberry32): every run draws the same cases, and a failure names its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SECRETS = ['sk-live-0123456789abcdef', 'pässwörd-€-ünïcode', 'short-ish'];
const HEAD = 64;
const TAIL = 64;

/** bash's path: the redactor's output fed to the head/tail buffer, chunk by chunk. */
function throughBashPath(chunks: Buffer[], redactor: Redactor): string {
  const stream = redactor.stream();
  const buffer = new HeadTailBuffer(HEAD, TAIL);
  for (const chunk of chunks) buffer.push(stream.push(chunk));
  buffer.push(stream.end());
  return buffer.text();
}

function chunked(data: Buffer, rand: () => number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let at = 0; at < data.length;) {
    const size = 1 + Math.floor(rand() * (rand() < 0.5 ? 4 : 40));
    chunks.push(data.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

describe('the stream redactor on bash’s path (redactor, then head/tail cut)', () => {
  const redactor = new Redactor(SECRETS);

  it('never lets a secret through, nor a piece of one at the cut, under 2,000 random streams and chunkings', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const rand = random(seed);
      const parts: string[] = [];
      const length = 20 + Math.floor(rand() * 300);
      let text = '';
      while (Buffer.byteLength(text) < length) {
        const r = rand();
        if (r < 0.15) parts.push(SECRETS[Math.floor(rand() * SECRETS.length)]!);
        else parts.push(r < 0.2 ? 'é' : String.fromCharCode(97 + Math.floor(rand() * 26)));
        text = parts.join('');
      }
      const data = Buffer.from(text, 'utf8');
      const out = throughBashPath(chunked(data, rand), redactor);
      for (const secret of SECRETS)
        assert.ok(!out.includes(secret), `seed ${seed}: ${JSON.stringify(secret)} in ${JSON.stringify(out)}`);
      // The same result however the stream was chunked: the cut sees redacted bytes only.
      assert.equal(out, throughBashPath([data], redactor), `seed ${seed}`);
    }
  });

  it('redacts a secret straddling the head boundary and another straddling the tail boundary, leaving no half of either', () => {
    const secret = SECRETS[0]!;
    const half = secret.length / 2;
    const data = Buffer.from(
      `${'a'.repeat(HEAD - half)}${secret}${'b'.repeat(500)}${secret}${'c'.repeat(TAIL - half)}`,
    );
    const out = throughBashPath(chunked(data, random(7)), redactor);
    assert.ok(!out.includes(secret.slice(0, half)) && !out.includes(secret.slice(half)), out);
  });

  it('matches a multi-byte secret split inside one character across chunks', () => {
    const secret = SECRETS[1]!;
    const data = Buffer.from(`x${secret}y`);
    const euro = data.indexOf(Buffer.from('€'));
    const stream = redactor.stream();
    const out = Buffer.concat([
      stream.push(data.subarray(0, euro + 1)),
      stream.push(data.subarray(euro + 1, euro + 2)),
      stream.push(data.subarray(euro + 2)),
      stream.end(),
    ]);
    assert.equal(out.toString('utf8'), `x${REDACTED}y`);
  });
});

describe('bash, read_file and grep redact before they cut', () => {
  const SECRET = 'ghp_0123456789abcdefghijABCDEFGHIJ';
  const ws = tempWorkspace();
  ws.file('.env', SECRET);
  const { registry } = buildToolRegistry({
    tools: ['bash', 'read_file', 'grep'],
    cwd: ws.root,
    approvals: autoApprovals(),
    trusted: true,
    environment: { base: { PATH: process.env.PATH ?? '/usr/bin:/bin', GITHUB_TOKEN: SECRET } },
  });
  const half = SECRET.length / 2;
  const pieces = [SECRET.slice(0, half), SECRET.slice(half)];

  it('bash: the secret printed across the 16 KB head boundary and across the tail boundary leaves no half in the output', async () => {
    const kib16 = 16 * 1024;
    const fill = (ch: string, n: number): string => `head -c ${n} /dev/zero | tr '\\0' ${ch}`;
    // head: kib16 - half bytes of `a`, then the secret (its first half ends the head);
    // the tail's first byte is the secret's second half (the last kib16 - half bytes are `c`).
    const command = [fill('a', kib16 - half), 'cat .env', fill('b', 100_000), 'cat .env', fill('c', kib16 - half)].join(
      '; ',
    );
    const result = await registry.execute('bash', JSON.stringify({ command }), ctx());
    for (const piece of pieces) assert.ok(!result.content.includes(piece), `${JSON.stringify(piece)} is in the output`);
    assert.match(result.content, /bytes of output dropped/);
  });

  it('read_file: a secret across the 2,000-character line shortening shows no piece of it', async () => {
    ws.file('long.txt', `${'x'.repeat(2000 - half)}${SECRET}\n`);
    const read = await registry.execute('read_file', JSON.stringify({ path: 'long.txt' }), ctx());
    assert.ok(!read.content.includes(pieces[0]!), read.content);
  });

  it('grep: a secret across the 300-character match cut shows no piece of it, and a pattern cannot probe the value', async () => {
    ws.file('log.txt', `match ${'y'.repeat(294 - half)}${SECRET}\n`);
    const found = await registry.execute('grep', JSON.stringify({ pattern: '^match', path: 'log.txt' }), ctx());
    assert.match(found.content, /^log\.txt:1: match/);
    assert.ok(!found.content.includes(pieces[0]!), found.content);
    const probe = await registry.execute('grep', JSON.stringify({ pattern: 'ghp_0123', path: '.env' }), ctx());
    assert.match(probe.content, /^No matches/);
  });
});
