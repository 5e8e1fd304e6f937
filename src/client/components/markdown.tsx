import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { tokenize, type Inline } from '../../shared/markdown';

/**
 * A small, safe Markdown renderer for Chloe's answers: paragraphs, "- " and "1. " lists, **bold**, _italic_,
 * [links](…) and backslash escapes (the inline grammar of shared/markdown.ts). It builds React elements, never
 * HTML, so nothing in an answer can run as code. Links go only to https/http, tel: and mailto: addresses (a new
 * tab for web pages) or to this site's own pages; any other link is shown as its text.
 */
function link(label: ReactNode[], href: string, key: number): ReactNode {
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

function nodes(tokens: Inline[]): ReactNode[] {
  return tokens.map((token, key) => {
    if (token.kind === 'text') return token.text;
    if (token.kind === 'strong') return <strong key={key}>{nodes(token.children)}</strong>;
    if (token.kind === 'em') return <em key={key}>{nodes(token.children)}</em>;
    return link(nodes(token.label), token.href, key);
  });
}

function inline(text: string): ReactNode[] {
  return nodes(tokenize(text));
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
