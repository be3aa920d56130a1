/** @jsxRuntime automatic @jsxImportSource preact */
// Webview components rendered into a real DOM implementation (happy-dom): the
// todo_write row with a separate +n, hostile
// text rendered as text, approval buttons, subagent rows and the child panel, the
// session list, and the polite live region announcing completed items.
import { markdownTree } from '../../../extension/src/core/markdown/markdown-tree';
import './render';
import assert from 'node:assert/strict';
import { before, beforeEach, describe, it } from 'node:test';
import { act } from 'preact/test-utils';
import type { HostMessage, HostMessageBody } from '../../../extension/src/core/protocol/messages';
import { AgentView } from '../../../webview/src/agent-view';
import { ApprovalCard, MarkdownTree, ToolBody } from '../../../webview/src/lazy-views';
import { Markdown } from '../../../webview/src/components/markdown';
import { Transcript } from '../../../webview/src/components/transcript';
import { initialState, reduce, type State } from '../../../webview/src/state/reducer';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';
import { HOSTILE, plan, presented, snapshotBody, stamp, toolItem } from './fixtures';
import { click, fire, mount, openRows, posted, text } from './render';
import { allByRole, getByRole, getByText, queryByRole, queryByText } from './roles';

const fold = (bodies: HostMessageBody[]): State =>
  stamp(bodies).reduce((s: State, m: HostMessage) => reduce(s, m), initialState);

const FOUR = plan([
  { content: 'Reproduce the crash', status: 'completed' },
  { content: 'Guard the parser', status: 'in_progress' },
  { content: 'Add a regression test', status: 'in_progress' },
  { content: 'Update the changelog', status: 'pending' },
]);

// What a tool call did and an approval card are chunks the page loads when first shown: loaded once here, they render
// at once. (A subagent's panel is one too: its test waits for the page to load it.)
before(() => Promise.all([ToolBody.preload(), ApprovalCard.preload(), MarkdownTree.preload()]));

/**
 * `find`'s element once the page has done the work it waits on (a chunk's import, the render after it). The bound only
 * ends a test whose chunk never loads: ten thousand turns of the event loop, many seconds even on an idle machine.
 */
async function whenShown(find: () => HTMLElement | null): Promise<HTMLElement> {
  for (let turn = 0; turn < 10_000; turn++) {
    const found = find();
    if (found) return found;
    await act(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  }
  throw new Error('never shown');
}

beforeEach(() => {
  posted.length = 0;
});

describe('todo_write row', () => {
  it('shows <done>/<total> done · <first active> and a separate +2 with three items in progress', () => {
    const args = JSON.stringify({
      todos: [
        { content: 'Read', status: 'completed' },
        { content: 'Write the parser guard', status: 'in_progress' },
        { content: 'Test', status: 'in_progress' },
        { content: 'Docs', status: 'in_progress' },
      ],
    });
    const page = mount(
      <Transcript
        items={[
          toolItem({
            callId: 'c1',
            name: 'todo_write',
            ...presented('todo_write', {
              args,
              todos: JSON.parse(args).todos,
              result: {
                isError: false,
                content: 'Updated todo list: 0 pending, 3 in progress, 1 completed.',
                details: null,
              },
            }),
          }),
        ]}
        stream={null}
        cursor={null}
        running={false}
        approvals={[]}
        sessionId="s1"
      />,
    );
    getByRole(page.root, 'button', { name: 'todo_write 1/4 done · Write the parser guard +2, done' });
    const summary = getByText(page.root, '1/4 done · Write the parser guard');
    const more = getByText(page.root, '+2');
    assert.equal(more.getAttribute('title'), '2 more in progress');
    assert.ok(!summary.contains(more), 'the +n is its own element, outside the truncating summary');
    page.unmount();
  });

  it('shows the list the tool logged, not the raw arguments (trimmed content)', () => {
    const args = { todos: [{ content: '  Read  ', status: 'in_progress' }] };
    const logged = [{ content: 'Read', status: 'in_progress' as const }];
    const page = mount(
      <Transcript
        items={[
          toolItem({
            callId: 'c1',
            name: 'todo_write',
            ...presented('todo_write', {
              args,
              todos: logged,
              result: { isError: false, content: 'ok', details: null },
            }),
          }),
        ]}
        stream={null}
        cursor={null}
        running={false}
        approvals={[]}
        sessionId="s1"
      />,
    );
    getByRole(page.root, 'button', { name: 'todo_write 0/1 done · Read, done' });
    openRows(page.root);
    assert.deepEqual(
      allByRole(getByRole(page.root, 'list', { name: 'Plan' }), 'listitem').map((li) => li.textContent),
      ['Read'],
    );
    page.unmount();
  });

  it('shows a rejected call as rejected, with its error and no list', () => {
    const error = 'Error: invalid todos: duplicate content "A"';
    const item = toolItem({
      callId: 'c1',
      name: 'todo_write',
      status: 'error',
      ...presented('todo_write', {
        args: '{"todos":[{"content":"A","status":"pending"},{"content":"A","status":"pending"}]}',
        result: { isError: true, content: error, details: null },
      }),
    });
    const page = mount(
      <Transcript items={[item]} stream={null} cursor={null} running={false} approvals={[]} sessionId="s1" />,
      { todoRejected: '已拒绝' },
    );
    getByRole(page.root, 'button', { name: 'todo_write 已拒绝, failed' }); // localized
    openRows(page.root);
    getByText(page.root, error);
    assert.equal(queryByRole(page.root, 'list', { name: 'Plan' }), null, 'no list');
    assert.equal(queryByText(page.root, /^\+\d/), null, 'no +n');
    page.unmount();
  });
});

describe('who let a call run', () => {
  it("a tool row says how its approval was decided, in the host's words", () => {
    const denied = toolItem({
      callId: 'c1',
      name: 'bash',
      status: 'error',
      approval: 'deniedByYou',
      ...presented('bash', {
        args: { command: 'rm -rf build' },
        result: { isError: true, content: 'denied', details: null },
      }),
    });
    const auto = toolItem({
      callId: 'c2',
      name: 'bash',
      approval: 'approvedAuto',
      ...presented('bash', { args: { command: 'ls' }, result: { isError: false, content: 'a', details: null } }),
    });
    const none = toolItem({
      callId: 'c3',
      name: 'read_file',
      ...presented('read_file', { args: { path: 'a' }, result: { isError: false, content: 'x', details: null } }),
    });
    const page = mount(
      <Transcript
        items={[denied, auto, none]}
        stream={null}
        cursor={null}
        running={false}
        approvals={[]}
        sessionId="s1"
      />,
      { deniedByYou: '已被你拒绝' },
    );
    const buttons = [...page.root.querySelectorAll('li.item-tool button[aria-expanded]')].map(
      (b) => b.textContent ?? '',
    );
    assert.equal(buttons.length, 3);
    assert.match(buttons[0] ?? '', /· 已被你拒绝/, "localized, in the row's button (its accessible name)");
    assert.match(buttons[1] ?? '', /· auto-approved/);
    assert.doesNotMatch(buttons[2] ?? '', /·/, 'a call that needed no approval says nothing of one');
    page.unmount();
  });
});

describe('rows that open', () => {
  it("a tool row and an answer's reasoning open from a button that says whether it is open, with no <details> (each is a shadow root)", () => {
    const items = [
      {
        kind: 'assistant' as const,
        id: 'e2',
        order: 2048,
        turn: 1,
        step: 1,
        text: 'Looked.',
        reasoning: 'Thinking it over',
        markdown: { kind: 'parsed' as const, blocks: markdownTree('Looked.') },
      },
      toolItem({
        callId: 'c1',
        name: 'bash',
        ...presented('bash', {
          args: { command: 'ls' },
          result: {
            isError: false,
            content: 'a.txt\n[exit code: 0]',
            details: { tool: 'bash', exit: { kind: 'exited', code: 0 } },
          },
        }),
        order: 3000,
      }),
    ];
    const page = mount(
      <Transcript items={items} stream={null} cursor={null} running={false} approvals={[]} sessionId="s1" />,
    );
    assert.equal(page.root.querySelectorAll('details, summary').length, 0);
    const row = page.root.querySelector('.item-tool');
    const toggle = row?.querySelector('button.disclosure-toggle');
    assert.ok(toggle && row);
    assert.equal(text(toggle), 'bash ls, done');
    assert.equal(toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(row.querySelector('.disclosure-body'), null, 'closed: its body is not in the DOM');
    click(toggle);
    assert.equal(toggle.getAttribute('aria-expanded'), 'true');
    assert.equal(row.querySelector('.bash-output')?.textContent, 'a.txt');
    click(toggle);
    assert.equal(toggle.getAttribute('aria-expanded'), 'false', 'and closes again');
    assert.equal(row.querySelector('.disclosure-body'), null);
    const reasoning = page.root.querySelector('.item-assistant .reasoning');
    assert.equal(text(reasoning?.querySelector('.disclosure-toggle') ?? null), 'Reasoning');
    click(reasoning?.querySelector('.disclosure-toggle') ?? null);
    assert.ok(reasoning?.querySelector('.disclosure-body'));
    assert.equal(text(reasoning?.querySelector('.reasoning-text') ?? null), 'Thinking it over');
    page.unmount();
  });
});

describe('hostile content', () => {
  for (const hostile of HOSTILE) {
    it(`renders ${hostile} as text in a prompt, an answer, a tool result and an approval`, () => {
      const view = fold([
        snapshotBody({
          items: [
            { kind: 'user', id: 'e1', order: 1024, turn: 1, text: hostile },
            (() => {
              const answer = `**bold** ${hostile}\n\n- ${hostile}\n\n\`\`\`\n${hostile}\n\`\`\``;
              return {
                kind: 'assistant' as const,
                id: 'e2',
                order: 2048,
                turn: 1,
                step: 1,
                text: answer,
                reasoning: hostile,
                markdown: { kind: 'parsed' as const, blocks: markdownTree(answer) },
              };
            })(),
            toolItem({
              callId: 'c1',
              name: 'bash',
              ...presented('bash', {
                args: { command: hostile },
                result: {
                  isError: false,
                  content: `${hostile}\n[exit code: 0]`,
                  details: { tool: 'bash', exit: { kind: 'exited', code: 0 } },
                },
              }),
              order: 3000,
            }),
            toolItem({
              callId: 'c2',
              name: 'mystery',
              ...presented('mystery', { args: hostile, result: { isError: false, content: hostile, details: null } }),
              order: 3001,
            }),
          ],
          approvals: [{ id: 'a1', tool: hostile, summary: hostile, detail: hostile, callId: 'zz', sessionId: null }],
        }),
      ]).view;
      const page = mount(<AgentView view={view} />);
      openRows(page.root);
      assert.equal(page.root.querySelectorAll('img').length, 0, 'no img element');
      assert.equal(page.root.querySelectorAll('script').length, 0, 'no script element');
      assert.equal(page.root.querySelector('[onerror]'), null);
      assert.equal(page.root.querySelector('.item-user')?.textContent, hostile);
      const answer = page.root.querySelector('.assistant-text');
      assert.ok(answer?.querySelector('strong'), 'markdown still renders');
      assert.equal(answer?.querySelector('li')?.textContent, hostile);
      assert.equal(answer?.querySelector('pre code')?.textContent, hostile);
      assert.equal(page.root.querySelector('.reasoning-text')?.textContent, hostile);
      assert.equal(page.root.querySelector('.bash-output')?.textContent, hostile);
      assert.equal(page.root.querySelector('.bash-command')?.textContent, `$ ${hostile}`);
      assert.ok(text(getByRole(page.root, 'group', { name: /^Allow / })).includes(hostile));
      page.unmount();
    });
  }

  it('makes anchors only of http(s) and mailto links', () => {
    const page = mount(
      <Markdown
        blocks={markdownTree(
          '[safe](https://example.com) [bad](javascript:alert`1`) [mail](mailto:a@b.c) `<b>x</b>` *em* _u_ ~~s~~',
        )}
      />,
    );
    const anchors = [...page.root.querySelectorAll('a')];
    assert.deepEqual(
      anchors.map((a) => a.getAttribute('href')),
      ['https://example.com', 'mailto:a@b.c'],
    );
    assert.ok(text(page.root).includes('bad (javascript:alert`1`)'), 'an unsafe link is shown as text');
    assert.equal(page.root.querySelector('code')?.textContent, '<b>x</b>');
    assert.equal(page.root.querySelector('b'), null);
    assert.deepEqual(
      [page.root.querySelector('em')?.textContent, page.root.querySelector('del')?.textContent],
      ['em', 's'],
    );
    page.unmount();
  });
});

describe('approvals', () => {
  const approval = { id: 'a1', tool: 'bash', summary: 'npm test', detail: '$ npm test', callId: 'c1', sessionId: 's1' };

  it('Approve, Deny and "Always allow" post the matching decision', () => {
    let page = mount(<ApprovalCard approval={approval} />);
    click(getByRole(page.root, 'button', { name: 'Approve' }));
    click(getByRole(page.root, 'button', { name: 'Approve' }));
    assert.deepEqual(posted, [{ type: 'approve', id: 'a1', decision: 'approve' }], 'answered once');
    page.unmount();
    page = mount(<ApprovalCard approval={approval} />);
    click(getByRole(page.root, 'button', { name: 'Deny' }));
    page.unmount();
    page = mount(<ApprovalCard approval={approval} />);
    click(getByRole(page.root, 'checkbox', { name: 'Always allow bash in this session' }));
    click(getByRole(page.root, 'button', { name: 'Approve' }));
    page.unmount();
    assert.deepEqual(posted.slice(1), [
      { type: 'approve', id: 'a1', decision: 'deny' },
      { type: 'approve', id: 'a1', decision: 'approve-always' },
    ]);
  });

  it('a protected file\'s card shows why it is asked and offers no "always allow"', () => {
    const page = mount(
      <ApprovalCard approval={{ ...approval, tool: 'write_file', protectedReason: '.envrc is a protected file' }} />,
    );
    const card = getByRole(page.root, 'group', { name: 'Allow write_file?' });
    getByText(card, '.envrc is a protected file');
    assert.equal(queryByRole(card, 'checkbox'), null);
    click(getByRole(card, 'button', { name: 'Approve' }));
    assert.deepEqual(posted, [{ type: 'approve', id: 'a1', decision: 'approve' }]);
    page.unmount();
    const plain = mount(<ApprovalCard approval={approval} />);
    assert.equal(queryByText(plain.root, '.envrc is a protected file'), null);
    getByRole(plain.root, 'checkbox', { name: 'Always allow bash in this session' });
    plain.unmount();
  });

  it('an ACP agent\'s card: "always" is the agent\'s own option, named as the agent names it; none when it offers none', () => {
    const acp = { ...approval, tool: 'Write a.txt', summary: 'Write a.txt' };
    let page = mount(<ApprovalCard approval={{ ...acp, agentAlways: 'Always Allow' }} />);
    click(
      getByRole(page.root, 'checkbox', { name: 'The agent\'s own "Always Allow" (the agent decides what it covers)' }),
    );
    click(getByRole(page.root, 'button', { name: 'Approve' }));
    assert.deepEqual(posted, [{ type: 'approve', id: 'a1', decision: 'approve-always' }]);
    page.unmount();
    page = mount(<ApprovalCard approval={{ ...acp, agentAlways: null }} />);
    assert.equal(queryByRole(page.root, 'checkbox'), null);
    page.unmount();
  });

  it('shows an approval on the row of its call, and one without a row after the transcript', () => {
    const items = [
      toolItem({
        callId: 'c1',
        name: 'bash',
        ...presented('bash', { args: { command: 'npm test' } }),
        status: 'running',
      }),
    ];
    const other = { ...approval, id: 'a2', callId: 'elsewhere' };
    const page = mount(
      <Transcript items={items} stream={null} cursor={null} running approvals={[approval, other]} sessionId="s1" />,
    );
    const cards = allByRole(page.root, 'group', { name: 'Allow bash?' });
    assert.equal(cards.length, 2);
    const row = getByRole(page.root, 'listitem');
    assert.deepEqual(
      cards.map((card) => row.contains(card)),
      [true, false],
      "the call's card on its row, the other after the list",
    );
    assert.deepEqual(
      cards.map((card) => text(card).includes('npm test')),
      [true, true],
    );
    click(getByRole(cards[1] ?? page.root, 'button', { name: 'Approve' }));
    assert.deepEqual(
      posted,
      [{ type: 'approve', id: 'a2', decision: 'approve' }],
      'the card after the list answers its own request',
    );
    page.unmount();
  });
});

describe('subagents', () => {
  it('shows the task and outcome on the row and opens the child; the child panel goes Back', async () => {
    const child = { sessionId: 'k1', description: 'Survey the repo', outcome: null };
    const row = toolItem({
      callId: 'c1',
      name: 'subagent',
      ...presented('subagent', { args: { description: 'Survey the repo', prompt: 'p' }, child }),
      status: 'running',
    });
    let view = fold([snapshotBody({ items: [row] })]).view;
    let page = mount(<AgentView view={view} />);
    const line = getByRole(page.root, 'group', { name: 'Subagent: Survey the repo' });
    assert.ok(text(line).startsWith('Survey the repo running'));
    click(getByRole(line, 'button', { name: 'Open transcript' }));
    assert.deepEqual(posted, [{ type: 'openChild', sessionId: 'k1' }]);
    page.unmount();
    const childPlan = plan([{ content: 'List files', status: 'in_progress' }]);
    view = fold([
      snapshotBody({ items: [row], plan: FOUR }),
      {
        type: 'panel',
        panel: {
          kind: 'child',
          view: {
            sessionId: 'k1',
            title: 'Survey the repo',
            items: [{ kind: 'user', id: 'e1', order: 1, turn: 1, text: 'List the files' }],
            plan: childPlan,
            running: true,
          },
        },
      },
    ]).view;
    page = mount(<AgentView view={view} />);
    const panel = await whenShown(() => queryByRole(page.root, 'region', { name: 'Subagent: Survey the repo' }));
    assert.equal(panel.querySelector('.item-user')?.textContent, 'List the files');
    getByRole(getByRole(panel, 'region', { name: 'Plan' }), 'button', { name: 'Plan 1 in progress' }); // the child's own plan
    const strips = allByRole(page.root, 'region', { name: 'Plan' });
    assert.equal(strips.filter((strip) => !panel.contains(strip)).length, 1, "one main strip: the parent's plan");
    getByRole(page.root, 'button', { name: 'Plan 1 completed · 2 in progress · 1 pending' });
    click(getByRole(panel, 'button', { name: 'Back' }));
    assert.deepEqual(posted.slice(1), [{ type: 'closeChild' }]);
    page.unmount();
  });
});

describe('header and composer', () => {
  it('shows the title, reopens a session from the list, starts a new one and names the model', () => {
    const view = fold([
      snapshotBody({
        sessions: [
          { id: 's1', title: 'Fix the parser', modified: '2025-01-02T10:00:00.000Z', current: true },
          { id: 's0', title: null, modified: '2025-01-01T10:00:00.000Z', current: false },
        ],
      }),
    ]).view;
    const page = mount(<AgentView view={view} />);
    getByRole(page.root, 'heading', { level: 1, name: 'Fix the parser' });
    getByText(page.root, 'Model: demo script Demo');
    const select = getByRole(page.root, 'combobox', { name: 'Sessions' }) as HTMLSelectElement;
    assert.equal(select.value, 's1');
    select.value = 's0';
    fire(select, new window.Event('change', { bubbles: true }) as unknown as Event);
    click(getByRole(page.root, 'button', { name: 'New Session' }));
    assert.deepEqual(posted, [{ type: 'openSession', id: 's0' }, { type: 'newSession' }]);
    page.unmount();
  });

  it('sends on Enter, keeps Shift+Enter for a new line, and offers Stop while running', () => {
    let page = mount(<AgentView view={fold([snapshotBody()]).view} />);
    const input = getByRole(page.root, 'textbox', { name: 'Prompt' }) as HTMLTextAreaElement;
    input.value = 'line one';
    fire(input, new window.Event('input', { bubbles: true }) as unknown as Event);
    fire(
      input,
      new window.KeyboardEvent('keydown', {
        key: 'Enter',
        shiftKey: true,
        bubbles: true,
        cancelable: true,
      }) as unknown as Event,
    );
    assert.deepEqual(posted, [], 'Shift+Enter does not send');
    fire(
      input,
      new window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }) as unknown as Event,
    );
    assert.deepEqual(posted, [{ type: 'send', text: 'line one' }]);
    page.unmount();
    page = mount(
      <AgentView view={fold([snapshotBody({ run: { state: 'running', turn: 1, stopping: false } })]).view} />,
    );
    assert.equal(queryByRole(page.root, 'button', { name: 'Send' }), null);
    click(getByRole(page.root, 'button', { name: 'Stop' }));
    assert.deepEqual(posted.slice(1), [{ type: 'stop' }]);
    page.unmount();
  });
});

describe('live region', () => {
  it('politely announces the items a plan message newly completed', () => {
    const base: HostMessageBody[] = [
      snapshotBody({
        plan: plan([
          { content: 'Read', status: 'in_progress' },
          { content: 'Write', status: 'pending' },
        ]),
      }),
    ];
    const page = mount(<AgentView view={fold(base).view} />);
    const region = getByRole(page.root, 'status');
    assert.equal(region.getAttribute('aria-live'), 'polite');
    assert.equal(text(region), '', 'nothing on load');
    page.update(
      <AgentView
        view={
          fold([
            ...base,
            {
              type: 'plan',
              plan: plan([
                { content: 'Read', status: 'completed' },
                { content: 'Write', status: 'in_progress' },
              ]),
            },
          ]).view
        }
      />,
    );
    assert.equal(getByRole(page.root, 'status'), region, 'the same region, its text changed');
    assert.equal(text(region), 'Completed: Read');
    page.unmount();
  });
});

describe('page strings', () => {
  it("shows the host's loading line until the first snapshot, then paints in the snapshot's strings", () => {
    const page = mount(<AgentView view={initialState.view} loading="正在加载…" />);
    assert.equal(text(page.root.querySelector('main.loading')), '正在加载…');
    const zh = { ...WEBVIEW_STRINGS, send: '发送', transcript: '对话记录' };
    page.update(
      <AgentView
        view={
          fold([snapshotBody({ strings: zh, items: [{ kind: 'user', id: 'e2', order: 2048, turn: 1, text: 'hi' }] })])
            .view
        }
        loading="正在加载…"
      />,
    );
    assert.equal(page.root.querySelector('main.loading'), null);
    assert.equal(text(page.root.querySelector('.composer button[type=submit]')), '发送');
    assert.equal(page.root.querySelector('.items')?.getAttribute('aria-label'), '对话记录');
    page.unmount();
  });
});
