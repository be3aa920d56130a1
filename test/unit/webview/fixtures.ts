// Host messages and transcript items the webview tests share (built as the host
// builds them: planView over the plan domain, transcript items from session events).
import type { HostMessage, HostMessageBody, PlanView } from '../../../extension/src/core/protocol/messages';
import { HostSequencer } from '../../../extension/src/core/protocol/messages';
import { planView } from '../../../extension/src/core/plan/plan-presenter';
import { presentToolCall } from '../../../extension/src/core/presenters/tool-call';
import type { ToolView } from '../../../extension/src/core/protocol/tool-view';
import type { ToolCallRecord } from '../../../extension/src/core/tools/tool-presenter';
import type { ToolItem } from '../../../extension/src/core/protocol/transcript';
import type { TodoItem } from '../../../extension/src/core/domain-literals';
import { WEBVIEW_STRINGS } from '../../../extension/src/core/protocol/strings';

export function plan(todos: TodoItem[]): PlanView {
  const view = planView(todos);
  if (!view) throw new Error('a list always has a view');
  return view;
}

export const PROVIDER = { id: 'demo', model: 'demo script', isDemo: true, problem: null } as const;

export function snapshotBody(
  overrides: Partial<Extract<HostMessageBody, { type: 'snapshot' }>> = {},
): Extract<HostMessageBody, { type: 'snapshot' }> {
  return {
    type: 'snapshot',
    session: { id: 's1', title: 'Fix the parser', readOnly: false },
    items: [],
    cursor: null,
    plan: null,
    run: { state: 'idle' },
    provider: { ...PROVIDER },
    stream: null,
    strings: { ...WEBVIEW_STRINGS },
    ...overrides,
  };
}

export function stamp(bodies: HostMessageBody[]): HostMessage[] {
  const sequencer = new HostSequencer();
  return bodies.map((b) => sequencer.stamp(b));
}

export function toolItem(overrides: Partial<ToolItem> & { callId: string; name: string; view: ToolView }): ToolItem {
  return {
    kind: 'tool',
    id: `t1.1.${overrides.callId}`,
    order: 5000,
    turn: 1,
    step: 1,
    status: 'ok',
    summary: '',
    approval: null,
    ...overrides,
  };
}

/** The summary and view the host's presenter makes for a call, from what the log would say about it. */
export function presented(
  name: string,
  call: { args?: unknown; result?: ToolCallRecord['result']; todos?: TodoItem[]; child?: ToolCallRecord['child'] } = {},
): { summary: string; view: ToolView } {
  const text = call.args === undefined ? '' : typeof call.args === 'string' ? call.args : JSON.stringify(call.args);
  const args = typeof call.args === 'string' ? undefined : call.args;
  return presentToolCall({
    name,
    arguments: text,
    args,
    result: call.result ?? null,
    todos: call.todos ?? null,
    child: call.child ?? null,
  });
}

export const HOSTILE = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>'] as const;
