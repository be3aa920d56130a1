// An answer shown as plain text, when its Markdown could not be parsed in time: its
// paragraphs (blank-line separated) as text with line breaks, after a note that says
// so. Linear in the text's length; no Markdown is interpreted.
import type { MdBlock, MdInline } from '../protocol/markdown-schema';

export const PLAIN_TEXT_NOTE = 'Shown as plain text: formatting this answer took too long.';

export function plainMarkdown(text: string): MdBlock[] {
  const paragraphs = text.split(/\n[ \t]*\n/).filter((p) => p.trim() !== '');
  return [
    { t: 'p', c: [{ t: 'em', c: [{ t: 'text', v: PLAIN_TEXT_NOTE }] }] },
    ...paragraphs.map((p): MdBlock => ({ t: 'p', c: p.split('\n').flatMap((line, i): MdInline[] => (i === 0 ? [{ t: 'text', v: line }] : [{ t: 'br' }, { t: 'text', v: line }])) })),
  ];
}
