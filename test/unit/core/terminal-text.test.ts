// Terminal control characters from the model or a log are shown, never acted on.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { visibleControls } from '../../../extension/src/core/terminal-text';

describe('visibleControls', () => {
  it('shows the prompt-spoofing command whole: ESC as ␛, CR as \\r', () => {
    assert.equal(visibleControls('touch X #\u001b[2K\r$ ls -la'), 'touch X #␛[2K\\r$ ls -la');
  });

  it('shows OSC 52 (clipboard write) and BEL visibly', () => {
    assert.equal(visibleControls('\u001b]52;c;ZXZpbA==\u0007'), '␛]52;c;ZXZpbA==\\x07');
  });

  it('shows other C0 controls, DEL and C1 controls (CSI U+009B) as \\xNN', () => {
    assert.equal(visibleControls('a\u0000b\u0008c\u007fd\u009b2Ke\u0085'), 'a\\x00b\\x08c\\x7fd\\x9b2Ke\\x85');
  });

  it('shows bidi overrides, isolates and marks', () => {
    assert.equal(
      visibleControls('rm \u202Egnp.exe\u202C \u2066x\u2069 \u200F'),
      'rm \\u{202e}gnp.exe\\u{202c} \\u{2066}x\\u{2069} \\u{200f}',
    );
  });

  it('keeps LF and TAB by default, escapes them when asked for one line', () => {
    assert.equal(visibleControls('a\n\tb'), 'a\n\tb');
    assert.equal(visibleControls('a\n\tb', { keepLayout: false }), 'a\\n\\tb');
  });

  it('leaves printable text alone, backslashes and non-ASCII included', () => {
    const text = String.raw`printf 'a\n' | grep "é" — 中文 ✓ \x1b`;
    assert.equal(visibleControls(text), text);
  });

  it('leaves no control character behind in any input', () => {
    let all = '';
    for (let c = 0; c < 0x3000; c++) all += String.fromCharCode(c);
    const shown = visibleControls(all, { keepLayout: false });
    for (const ch of shown) {
      const code = ch.codePointAt(0)!;
      assert.ok(
        !(
          code < 0x20 ||
          (code >= 0x7f && code <= 0x9f) ||
          (code >= 0x202a && code <= 0x202e) ||
          (code >= 0x2066 && code <= 0x2069)
        ),
        `U+${code.toString(16)} left`,
      );
    }
  });
});
