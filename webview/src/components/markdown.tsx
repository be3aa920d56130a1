/** @jsxRuntime automatic @jsxImportSource preact */
// Paints an answer's Markdown tree (made and sanitized on the host by
// core/markdown/markdown-tree.ts) as preact components. Nothing is parsed here and no
// HTML string is built: the model's text only ever becomes text nodes (preact escapes
// them) and the href of links the host already kept (http, https, mailto). Linear in
// the tree's size; the tree's depth is bounded by the host. A chunk of its own
// (scripts/webview-build.mjs), loaded with the first answer's tree (lazy-views.tsx).
import type { ComponentChildren } from 'preact';
import type { MdAlign, MdBlock, MdInline } from '@core/protocol/markdown-schema';
import { useStrings } from '../chunk-api';

export function Markdown({ blocks, class: className }: { blocks: readonly MdBlock[]; class?: string }) {
  return (
    <div class={className ? `markdown ${className}` : 'markdown'}>
      {blocks.map((b, i) => (
        <Block key={i} block={b} tight={false} />
      ))}
    </div>
  );
}

function Block({ block, tight }: { block: MdBlock; tight: boolean }) {
  switch (block.t) {
    case 'p':
      // A tight list's paragraphs are the item's own text, without a paragraph box.
      return tight ? <>{inlines(block.c)}</> : <p>{inlines(block.c)}</p>;
    case 'h': {
      const H = `h${Math.min(6, block.level + 2)}` as 'h3';
      return <H class="md-heading">{inlines(block.c)}</H>;
    }
    case 'code':
      return (
        <pre class="md-code">
          <code>{block.v}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote>
          {block.c.map((b, i) => (
            <Block key={i} block={b} tight={false} />
          ))}
        </blockquote>
      );
    case 'list':
      return <List block={block} />;
    case 'hr':
      return <hr />;
    case 'table':
      return (
        <table class="md-table">
          <thead>
            <tr>
              {block.head.map((cell, i) => (
                <th key={i} style={alignStyle(block.align[i])}>
                  {inlines(cell)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, i) => (
                  <td key={i} style={alignStyle(block.align[i])}>
                    {inlines(cell)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
  }
}

/**
 * A list; a task item's checkbox is read-only and named by its state ("Done" / "Not done"), the item's text follows it.
 */
function List({ block }: { block: Extract<MdBlock, { t: 'list' }> }) {
  const s = useStrings();
  const items = block.items.map((item, i) => (
    <li key={i} class={item.checked === null ? undefined : 'md-task'}>
      {item.checked !== null && (
        <input type="checkbox" checked={item.checked} disabled aria-label={item.checked ? s.taskDone : s.taskNotDone} />
      )}
      {item.c.map((b, j) => (
        <Block key={j} block={b} tight={block.tight} />
      ))}
    </li>
  ));
  return block.ordered ? <ol start={block.start === 1 ? undefined : block.start}>{items}</ol> : <ul>{items}</ul>;
}

function alignStyle(align: MdAlign | undefined): { textAlign: string } | undefined {
  return align ? { textAlign: align } : undefined;
}

function inlines(nodes: readonly MdInline[]): ComponentChildren[] {
  return nodes.map(inline);
}

function inline(node: MdInline, key: number): ComponentChildren {
  switch (node.t) {
    case 'text':
      return node.v;
    case 'code':
      return <code key={key}>{node.v}</code>;
    case 'em':
      return <em key={key}>{inlines(node.c)}</em>;
    case 'strong':
      return <strong key={key}>{inlines(node.c)}</strong>;
    case 'del':
      return <del key={key}>{inlines(node.c)}</del>;
    case 'link':
      return (
        <a key={key} href={node.href} title={node.href}>
          {inlines(node.c)}
        </a>
      );
    case 'br':
      return <br key={key} />;
  }
}
