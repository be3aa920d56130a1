/** @jsxRuntime automatic @jsxImportSource preact */
// The session list in the Agent view's header (happy-dom): each session reads
// `<source> · <title> · <date>`, who keeps it first (the part a narrow side bar must
// not cut off), and the list's tooltip is the shown session's whole line.
import './render';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SessionHeader } from '../../../webview/src/components/session-header';
import { mount, text } from './render';
import { getByRole } from './roles';

describe('session header list', () => {
  it('puts the source first and gives the whole line of the shown session as the tooltip', () => {
    const page = mount(
      <SessionHeader
        session={{ id: 'b', title: 'Port the lexer to the new tokenizer', readOnly: true, writer: 'Claude Code (MCP)' }}
        sessions={[
          { id: 'a', title: 'Fix the parser', modified: '2025-01-02T10:00:00', current: false, source: 'Agent' },
          {
            id: 'b',
            title: 'Port the lexer to the new tokenizer',
            modified: '2025-01-03T11:05:00',
            current: true,
            source: 'Claude Code (MCP)',
          },
          { id: 'c', title: null, modified: '2025-01-01T09:00:00', current: false },
        ]}
        provider={null}
      />,
    );
    const select = getByRole(page.root, 'combobox', { name: 'Sessions' }) as HTMLSelectElement;
    assert.deepEqual(
      [...select.querySelectorAll('option')].map((o) => text(o)),
      [
        'Agent · Fix the parser · 2025-01-02 10:00',
        'Claude Code (MCP) · Port the lexer to the new tokenizer · 2025-01-03 11:05',
        'Untitled session · 2025-01-01 09:00',
      ],
    );
    assert.equal(select.value, 'b');
    assert.equal(
      select.getAttribute('title'),
      'Claude Code (MCP) · Port the lexer to the new tokenizer · 2025-01-03 11:05',
    );
    assert.equal(select.getAttribute('aria-label'), 'Sessions', 'its accessible name stays the list’s');
    page.unmount();
  });
});
