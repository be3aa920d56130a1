// The compaction request must itself fit the window: the oldest tool outputs are cut
// first (each cut marked), then older reasoning, then the oldest long texts; the
// compaction prompt and the newest outputs stay whole as long as they can; a budget
// nothing can meet gives null (compaction then fails with a clear message).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fitCompactionRequest } from '../../../extension/src/core/agent/compaction-request';
import { estimateMessageTokens, estimateTokens } from '../../../extension/src/core/agent/context-budget';
import type { Message } from '../../../extension/src/core/agent/derive-messages';

/** The compaction prompt as the last message, a user's: it opens and closes with these words. */
const COMPACTION_PROMPT_LAST =
  /^\{"role":"user","text":"The conversation above no longer fits .*Answer with the summary only\."}$/;

const OUTPUT = 'x'.repeat(12_000); // ~4,000 estimated tokens each
const CUT = /^x{400}\n\[… 11600 characters cut to fit the context window\]$/;

function history(reads: number): Message[] {
  const messages: Message[] = [{ role: 'user', text: 'Survey the files.' }];
  for (let i = 1; i <= reads; i++) {
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool-call', id: `c${i}`, name: 'read_file', arguments: JSON.stringify({ path: `f${i}` }) }],
    });
    messages.push({ role: 'tool', callId: `c${i}`, isError: false, content: OUTPUT });
  }
  return messages;
}

const outputs = (messages: readonly Message[]): string[] =>
  messages.flatMap((m) => (m.role === 'tool' ? [m.content] : []));

describe('the compaction request', () => {
  it('fits as it is: nothing is cut, the compaction prompt comes last', () => {
    const fitted = fitCompactionRequest(history(3), 100_000);
    assert.ok(fitted);
    assert.equal(fitted.cut, 0);
    assert.match(JSON.stringify(fitted.messages.at(-1)), COMPACTION_PROMPT_LAST);
    assert.deepEqual(outputs(fitted.messages), [OUTPUT, OUTPUT, OUTPUT]);
    assert.equal(fitCompactionRequest(history(30), 0)?.cut, 0, 'no budget (unknown window): sent uncut');
  });

  it('cuts the oldest tool outputs first, marked, until it fits; the newest stay whole', () => {
    const whole = fitCompactionRequest(history(6), 0)!;
    const budget = whole.tokens - 2.5 * estimateTokens(OUTPUT); // three cuts needed
    const fitted = fitCompactionRequest(history(6), budget);
    assert.ok(fitted);
    assert.ok(fitted.tokens <= budget, `${fitted.tokens} <= ${budget}`);
    const estimate = fitted.messages.reduce((n, m) => n + estimateMessageTokens(m), 0);
    assert.ok(estimate <= budget, 'the reported size is the estimate of what is sent');
    const seen = outputs(fitted.messages);
    assert.equal(fitted.cut, 3);
    assert.ok(
      seen.slice(0, 3).every((o) => CUT.test(o)),
      'the three oldest outputs cut, the cut marked',
    );
    assert.deepEqual(seen.slice(3), [OUTPUT, OUTPUT, OUTPUT], 'the newest three whole');
    assert.deepEqual(fitted.messages[0], { role: 'user', text: 'Survey the files.' }, 'the prompt untouched');
    assert.match(JSON.stringify(fitted.messages.at(-1)), COMPACTION_PROMPT_LAST);
  });

  it('keeps a signed reasoning block unmodified or drops it whole (providers refuse an edited one)', () => {
    const signed: Message = {
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'r'.repeat(9_000), signature: 'sig' },
        { type: 'text', text: 'Reading.' },
      ],
    };
    const fitted = fitCompactionRequest([{ role: 'user', text: 'go' }, signed, ...history(2).slice(1)], 3_000);
    assert.ok(fitted);
    const first = fitted.messages[1];
    assert.ok(first?.role === 'assistant');
    assert.ok(
      first.content.every((b) => b.type !== 'reasoning' || (b.signature === 'sig' && b.text.length === 9_000)),
      'never a cut signed block',
    );
  });

  it('is null when even the cut request does not fit', () => {
    assert.equal(fitCompactionRequest(history(40), 300), null);
  });
});
