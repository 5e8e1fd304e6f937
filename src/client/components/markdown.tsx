import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A small, safe Markdown renderer for Chloe's answers: paragraphs, "- " and "1. " lists, **bold**, _italic_ and
 * [links](…). It builds React elements, never HTML, so nothing in an answer can run as code. Links go only to
 * https/http, tel: and mailto: addresses (a new tab for web pages) or to this site's own pages; any other link
 * is shown as its text.
 */
const INLINE = /\*\*([^*]+)\*\*|_([^_]+)_|\[([^\]]+)\]\(([^)\s]+)\)/g;

function link(label: string, href: string, key: number): ReactNode {
  if (/^https?:\/\//i.test(href))
    return (
      <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="break-words underline">
        {label}
      </a>
    );
  if (/^(tel|mailto):[\w@.+-]+$/i.test(href))
    return (
      <a key={key} href={href} className="font-semibold underline">
        {label}
      </a>
    );
  if (/^\/(?!\/)[\w\-/?=&#.]*$/.test(href))
    return (
      <Link key={key} to={href} className="underline">
        {label}
      </Link>
    );
  return <Fragment key={key}>{label}</Fragment>;
}

export function inline(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let key = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    const [, bold, italic, label, href] = match;
    if (bold !== undefined) nodes.push(<strong key={key++}>{inline(bold)}</strong>);
    else if (italic !== undefined) nodes.push(<em key={key++}>{inline(italic)}</em>);
    else nodes.push(link(label!, href!, key++));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

type Block = { kind: 'p'; lines: string[] } | { kind: 'ul' | 'ol'; items: string[] };

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const lines = chunk.split('\n').filter((line) => line.trim());
    if (!lines.length) continue;
    let current: Block | undefined;
    for (const line of lines) {
      const bullet = /^\s*[-*]\s+(.*)$/.exec(line);
      const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
      const kind = bullet ? 'ul' : numbered ? 'ol' : 'p';
      const content = (bullet ?? numbered)?.[1] ?? line.replace(/^#+\s*/, '');
      if (current && current.kind === kind) {
        if (current.kind === 'p') current.lines.push(content);
        else current.items.push(content);
      } else {
        current = kind === 'p' ? { kind, lines: [content] } : { kind, items: [content] };
        result.push(current);
      }
    }
  }
  return result;
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {blocks(text).map((block, i) => {
        if (block.kind === 'p')
          return (
            <p key={i}>
              {block.lines.map((line, j) => (
                <Fragment key={j}>
                  {j > 0 && <br />}
                  {inline(line)}
                </Fragment>
              ))}
            </p>
          );
        const List = block.kind;
        return (
          <List
            key={i}
            className={block.kind === 'ul' ? 'list-disc space-y-1 pl-5' : 'list-decimal space-y-1 pl-5'}
          >
            {block.items.map((item, j) => (
              <li key={j}>{inline(item)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
