/** @jsxRuntime automatic @jsxImportSource preact */
// One row per tool call: status glyph, tool name and a short summary, expanding to
// what the call did. todo_write shows the contract's `<done>/<total> done · <first
// active>` and a separate, never-truncated `+<n>`; bash shows command, exit code and
// output; edit_file / write_file a -/+ line diff; subagent its task, outcome and a
// button that opens its transcript. Anything that does not parse falls back to the
// generic row (input and result as text).
import type { ApprovalView } from '../../../extension/src/core/protocol/messages';
import {
  argumentSummary,
  bashCommand,
  bashResultRow,
  fileChange,
  todoCallRow,
  todoCallRowMore,
  todoCallRowText,
  type BashResultRow,
} from '../../../extension/src/core/protocol/tool-rows';
import type { TranscriptItem } from '../../../extension/src/core/protocol/transcript';
import type { WebviewStrings } from '../../../extension/src/core/protocol/strings';
import { format, useStrings } from '../i18n';
import { post } from '../vscode-api';
import { ApprovalCard } from './approval';

type ToolItem = Extract<TranscriptItem, { kind: 'tool' }>;

const TOOL_ICON = { pending: 'circle-large-outline', running: 'loading codicon-modifier-spin', ok: 'check', error: 'error' } as const;

export function ToolRow({ item, approvals }: { item: ToolItem; approvals: readonly ApprovalView[] }) {
  const s = useStrings();
  const statusText = { pending: s.toolPending, running: s.toolRunning, ok: s.toolOk, error: s.toolError }[item.status];
  const todo = item.name === 'todo_write' ? todoCallRow(item.arguments) : null;
  const more = todo ? todoCallRowMore(todo) : null;
  const summary = todo ? todoCallRowText(todo, s.todoRow) : argumentSummary(item.name, item.arguments);
  return (
    <li class={`item item-tool tool-${item.status}`} data-tool={item.name} data-call-id={item.callId}>
      <details>
        <summary>
          <span class={`codicon codicon-${TOOL_ICON[item.status]}`} aria-hidden="true" />
          <span class="tool-name">{item.name || s.toolCall}</span>{' '}
          {summary && (
            <span class={todo ? 'tool-summary todo-row-summary' : 'tool-summary'} data-testid={todo ? 'todo-row-summary' : 'tool-summary'}>
              {summary}
            </span>
          )}
          {more && ' '}
          {more && (
            <span class="tool-more" data-testid="todo-row-more" title={format(s.moreInProgress, todo?.moreActive ?? 0)}>
              {more}
            </span>
          )}
          <span class="visually-hidden">, {statusText}</span>
        </summary>
        <ToolBody item={item} s={s} />
      </details>
      {item.child && <SubagentLine child={item.child} s={s} />}
      {approvals.map((a) => (
        <ApprovalCard key={a.id} approval={a} />
      ))}
    </li>
  );
}

function ToolBody({ item, s }: { item: ToolItem; s: WebviewStrings }) {
  if (item.name === 'bash') {
    const command = bashCommand(item.arguments);
    if (command !== null) {
      const result = item.result === null ? null : bashResultRow(item.result);
      return (
        <div class="tool-io">
          <pre class="bash-command">
            <span aria-hidden="true">$ </span>
            {command}
          </pre>
          {result && (
            <>
              <div class={`bash-status bash-${result.status}`} data-testid="bash-status">
                {bashStatusText(result, s)}
              </div>
              <pre class="bash-output">{result.output || s.noOutput}</pre>
            </>
          )}
        </div>
      );
    }
  }
  const change = fileChange(item.name, item.arguments);
  if (change) {
    return (
      <div class="tool-io">
        <div class="tool-io-label">
          {s.diff}: <span class="diff-path">{change.path}</span>
        </div>
        <pre class="diff" data-testid="diff">
          {change.lines.map((line, index) => (
            <div key={index} class={`diff-line diff-${line.kind}`}>
              <span class="diff-sign">{line.kind === 'add' ? '+' : '-'}</span>
              {line.text}
            </div>
          ))}
        </pre>
        {item.result !== null && <pre>{item.result}</pre>}
      </div>
    );
  }
  return (
    <div class="tool-io">
      <div class="tool-io-label">{s.toolInput}</div>
      <pre>{item.arguments}</pre>
      {item.result !== null && (
        <>
          <div class="tool-io-label">{s.toolResult}</div>
          <pre>{item.result}</pre>
        </>
      )}
    </div>
  );
}

function bashStatusText(result: BashResultRow, s: WebviewStrings): string {
  switch (result.status) {
    case 'exited':
      return format(s.bashExit, result.exitCode ?? '?');
    case 'killed':
      return s.bashKilled;
    case 'timed-out':
      return s.bashTimedOut;
    case 'stopped':
      return s.bashStopped;
    case 'refused':
      return s.bashRefused;
  }
}

function SubagentLine({ child, s }: { child: NonNullable<ToolItem['child']>; s: WebviewStrings }) {
  return (
    <div class="subagent" data-testid="subagent" data-child-session={child.sessionId}>
      <span class={`codicon codicon-${child.outcome === null ? 'loading codicon-modifier-spin' : 'type-hierarchy-sub'}`} aria-hidden="true" />
      <span class="subagent-description">{child.description}</span>{' '}
      <span class="subagent-outcome">{child.outcome === null ? s.subagentRunning : format(s.subagentOutcome, child.outcome)}</span>{' '}
      <button type="button" class="link-button" data-testid="subagent-open" data-open-child={child.sessionId} onClick={() => post({ type: 'openChild', sessionId: child.sessionId })}>
        {s.openChild}
      </button>
    </div>
  );
}
