/** @jsxRuntime automatic @jsxImportSource preact */
// An answer in the transcript: its Markdown tree once the host parsed it, its plain
// text until then (and while the tree's painter, a chunk of its own, loads).
import type { AnswerMarkdown } from '@core/protocol/markdown-schema';
import { useStrings } from '../i18n';
import { MarkdownTree } from '../lazy-views';

/** Streamed text, or an answer whose tree has not arrived: shown as it is. */
export function PlainAnswer({ text, class: className }: { text: string; class?: string }) {
  return <div class={className ? `markdown md-plain ${className}` : 'markdown md-plain'}>{text}</div>;
}

/**
 * An answer as far as the host parsed it: its tree; plain text while it is parsed; plain text under a note when the
 * parse took too long.
 */
export function Answer({
  text,
  markdown,
  class: className,
}: {
  text: string;
  markdown: AnswerMarkdown;
  class: string;
}) {
  const s = useStrings();
  const plain = (note: boolean) => (
    <div class={className}>
      {note && (
        <p class="md-note" role="note">
          {s.answerShownPlain}
        </p>
      )}
      <PlainAnswer text={text} />
    </div>
  );
  if (markdown.kind === 'parsed')
    return <MarkdownTree class={className} blocks={markdown.blocks} plain={plain(false)} />;
  if (markdown.kind === 'pending') void MarkdownTree.preload(); // its tree is on its way
  return plain(markdown.kind === 'plain');
}
