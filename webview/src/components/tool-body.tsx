/** @jsxRuntime automatic @jsxImportSource preact */
// What a tool call did, shown when its row is opened (tool-row.tsx): todo_write the
// list it logged (or its error), bash its command, how it ended and its output,
// edit_file / write_file a -/+ line diff, anything else its input and result as text.
// A chunk of its own (lazy-views.tsx): only a reader who opens a row needs it, and a
// closed row holds none of it in the DOM.
import type { BashExit, ToolView } from '@core/protocol/tool-view';
import type { WebviewStrings } from '@core/protocol/strings';
import { format } from '../chunk-api';

export function ToolBody({ view, s }: { view: ToolView; s: WebviewStrings }) {
  switch (view.kind) {
    case 'todo':
      return <TodoBody view={view} s={s} />;
    case 'bash':
      return <BashBody view={view} s={s} />;
    case 'diff':
      return <DiffBody view={view} s={s} />;
    case 'subagent':
    case 'generic':
      return <InputAndResult view={view} s={s} />;
  }
}

/** A view of `kind`, with the page's strings. */
type BodyProps<K extends ToolView['kind']> = { view: Extract<ToolView, { kind: K }>; s: WebviewStrings };

/** todo_write: the list it logged, or its error. */
function TodoBody({ view, s }: BodyProps<'todo'>) {
  return (
    <div class="tool-io">
      {view.plan && (
        <ul class="todo-call-items" role="list" aria-label={s.plan}>
          {view.plan.todos.map((t) => (
            <li key={t.content} data-status={t.status}>
              {t.content}
            </li>
          ))}
        </ul>
      )}
      {view.error !== null && <pre class="tool-error">{view.error}</pre>}
    </div>
  );
}

/** bash: its command, how it ended (or that it was refused) and its output. */
function BashBody({ view, s }: BodyProps<'bash'>) {
  return (
    <div class="tool-io">
      <pre class="bash-command">
        <span aria-hidden="true">$ </span>
        {view.command}
      </pre>
      {view.exit && <div class={`bash-status bash-${view.exit.kind}`}>{bashExitText(view.exit, s)}</div>}
      {view.error !== null && <div class="bash-status bash-refused">{s.bashRefused}</div>}
      {view.output !== null && <pre class="bash-output">{view.output || s.noOutput}</pre>}
      {view.error !== null && <pre class="bash-output">{view.error}</pre>}
    </div>
  );
}

/** edit_file / write_file: the -/+ lines of the file, and the result. */
function DiffBody({ view, s }: BodyProps<'diff'>) {
  return (
    <div class="tool-io">
      <div class="tool-io-label">
        {s.diff}: <span class="diff-path">{view.path}</span>
      </div>
      <pre class="diff">
        {view.lines.map((line, index) => (
          <div key={index} class={`diff-line diff-${line.kind}`}>
            <span class="diff-sign">{line.kind === 'add' ? '+' : '-'}</span>
            {line.text}
          </div>
        ))}
      </pre>
      {view.omitted > 0 && <div class="diff-omitted">{format(s.diffOmitted, String(view.omitted))}</div>}
      {view.result !== null && <pre>{view.result}</pre>}
    </div>
  );
}

/** A subagent: its final answer; any other tool: its input and its result as text. */
function InputAndResult({ view, s }: BodyProps<'subagent' | 'generic'>) {
  return (
    <div class="tool-io">
      {view.kind === 'generic' && (
        <>
          <div class="tool-io-label">{s.toolInput}</div>
          <pre>{view.input}</pre>
        </>
      )}
      {view.result !== null && (
        <>
          <div class="tool-io-label">{s.toolResult}</div>
          <pre>{view.result}</pre>
        </>
      )}
    </div>
  );
}

function bashExitText(exit: BashExit, s: WebviewStrings): string {
  switch (exit.kind) {
    case 'exited':
      return format(s.bashExit, exit.code);
    case 'killed':
      return s.bashKilled;
    case 'timed-out':
      return s.bashTimedOut;
    case 'stopped':
      return s.bashStopped;
  }
}
