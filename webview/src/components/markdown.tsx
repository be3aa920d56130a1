/** @jsxRuntime automatic @jsxImportSource preact */
// A small Markdown subset rendered straight to preact nodes: paragraphs, headings,
// fenced code, lists (nested by indentation), quotes, rules, code spans, emphasis,
// strikethrough and links. Safe by construction: the model's text only ever becomes
// text nodes (preact escapes them) and attribute values; no HTML string is parsed,
// so `<img onerror=…>` or `<script>` in a reply shows as the characters it is. Links
// are anchors only for http(s) and mailto URLs; anything else stays text.
import type { ComponentChildren } from 'preact';

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([\w+-]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])\s+/;
const QUOTE = /^ {0,3}> ?/;

export function Markdown({ text, class: className }: { text: string; class?: string }) {
  return <div class={className ? `markdown ${className}` : 'markdown'}>{blocks(text.replace(/\r\n?/g, '\n').split('\n'))}</div>;
}

function blocks(lines: string[]): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] ?? '```';
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] ?? '').trimStart().startsWith(marker)) body.push(lines[i++] ?? '');
      i++; // the closing fence (or the end)
      out.push(
        <pre class="md-code">
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1] ?? '#').length + 2);
      const H = `h${level}` as 'h3';
      out.push(<H class="md-heading">{inline(heading[2] ?? '')}</H>);
      i++;
      continue;
    }
    if (RULE.test(line)) {
      out.push(<hr />);
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i] ?? '')) body.push((lines[i++] ?? '').replace(QUOTE, ''));
      out.push(<blockquote>{blocks(body)}</blockquote>);
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      i = list(lines, i, out);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (next.trim() === '' || (para.length > 0 && (FENCE.test(next) || HEADING.test(next) || QUOTE.test(next) || ITEM.test(next)))) break;
      para.push(next.trim());
      i++;
    }
    out.push(<p>{lineBreaks(para)}</p>);
  }
  return out;
}

/** One list from line `start`; an item owns the lines indented past its marker. Returns the next line index. */
function list(lines: string[], start: number, out: ComponentChildren[]): number {
  const first = ITEM.exec(lines[start] ?? '');
  const ordered = first !== null && /\d/.test(first[2] ?? '');
  const items: ComponentChildren[] = [];
  let i = start;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i] ?? '');
    if (!m || /\d/.test(m[2] ?? '') !== ordered) break;
    const indent = m[0].length;
    const body = [(lines[i] ?? '').slice(indent)];
    i++;
    while (i < lines.length) {
      const next = lines[i] ?? '';
      if (next.trim() === '') {
        const after = lines[i + 1] ?? '';
        if (leading(after) >= indent && after.trim() !== '') {
          body.push('');
          i++;
          continue;
        }
        break;
      }
      if (leading(next) >= Math.min(indent, 2) && !(leading(next) < indent && ITEM.test(next))) {
        body.push(next.slice(Math.min(indent, leading(next))));
        i++;
      } else if (!ITEM.test(next) && !FENCE.test(next) && !HEADING.test(next) && !QUOTE.test(next)) {
        body.push(next); // a lazy continuation of the item's paragraph
        i++;
      } else break;
    }
    items.push(<li>{body.length === 1 ? inline(body[0] ?? '') : blocks(body)}</li>);
    if ((lines[i] ?? '').trim() === '' && ITEM.test(lines[i + 1] ?? '')) i++; // a loose list goes on
  }
  out.push(ordered ? <ol>{items}</ol> : <ul>{items}</ul>);
  return i;
}

function leading(line: string): number {
  return line.length - line.trimStart().length;
}

function lineBreaks(lines: string[]): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  lines.forEach((line, index) => {
    if (index > 0) out.push(<br />);
    out.push(...inline(line));
  });
  return out;
}

// Earliest token wins; code spans are literal. Groups: 1-2 code, 3-4 link, 5 strong,
// 6 strong_, 7 strike, 8 em, 9 em_, 10 escaped character.
const INLINE =
  /(`+)([\s\S]*?[^`])\1(?!`)|\[([^\]\n]+)\]\(\s*([^()\s]+)(?:\s+"[^"]*")?\s*\)|\*\*(?=\S)([\s\S]*?\S)\*\*|(?<![\w])__(?=\S)([\s\S]*?\S)__(?![\w])|~~(?=\S)([\s\S]*?\S)~~|\*(?=[^\s*])([\s\S]*?[^\s*])\*|(?<![\w])_(?=[^\s_])([\s\S]*?[^\s_])_(?![\w])|\\([!-/:-@[-`{-~])/g;

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

export function inline(text: string): ComponentChildren[] {
  const out: ComponentChildren[] = [];
  const re = new RegExp(INLINE.source, 'g');
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    last = m.index + m[0].length;
    const [, , code, label, url, strong, strong2, strike, em, em2, escaped] = m;
    if (code !== undefined) out.push(<code>{code.replace(/^ (.*) $/, '$1')}</code>);
    else if (label !== undefined && url !== undefined)
      out.push(
        SAFE_URL.test(url) ? (
          <a href={url} title={url}>
            {inline(label)}
          </a>
        ) : (
          `${label} (${url})`
        ),
      );
    else if (strong !== undefined || strong2 !== undefined) out.push(<strong>{inline(strong ?? strong2 ?? '')}</strong>);
    else if (strike !== undefined) out.push(<del>{inline(strike)}</del>);
    else if (em !== undefined || em2 !== undefined) out.push(<em>{inline(em ?? em2 ?? '')}</em>);
    else out.push(escaped ?? m[0]);
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
