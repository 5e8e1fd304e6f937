import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { tokenize, type Inline } from '../../shared/markdown';
import { cn } from '../lib/cn';

/**
 * A small, safe Markdown renderer for Chloe's answers: paragraphs, "- " and "1. " lists (nested by indenting),
 * **bold**, _italic_, [links](…) and backslash escapes (the inline grammar of shared/markdown.ts). It builds React
 * elements, never HTML, so nothing in an answer can run as code. Links go only to https/http, tel: and mailto:
 * addresses (a new tab for web pages) or to this site's own pages; any other link is shown as its text.
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

type ListKind = 'ul' | 'ol';
type ListItem = { text: string; lists: ListBlock[] };
/** A list; `indent` is the width of the space before its markers, `start` the number of its first item. */
type ListBlock = { kind: ListKind; start: number; indent: number; items: ListItem[] };
type Block = { kind: 'p'; lines: string[] } | ListBlock;
type ListLine = { kind: ListKind; start: number; indent: number; text: string };

/** A "- ", "* ", "1. " or "1) " line: its kind, indentation (a tab counts as four spaces), number and text. */
function listLine(line: string): ListLine | undefined {
  const bullet = /^(\s*)[-*]\s+(.*)$/.exec(line);
  const numbered = bullet ? null : /^(\s*)(\d+)[.)]\s+(.*)$/.exec(line);
  const found = bullet ?? numbered;
  if (!found) return undefined;
  return {
    kind: bullet ? 'ul' : 'ol',
    start: numbered ? Number(numbered[2]) : 1,
    indent: found[1]!.replace(/\t/g, '    ').length,
    text: found[found.length - 1]!,
  };
}

/**
 * Puts a list line into the lists still open above it (outermost first): indented by two or more spaces under an
 * item, it starts a list inside that item; at the same depth, it joins the list of its kind or starts the next one.
 */
function addListLine(result: Block[], open: ListBlock[], line: ListLine) {
  const closes = (list: ListBlock) =>
    list.indent > line.indent + 1 || (list.indent + 2 > line.indent && list.kind !== line.kind);
  while (open.length && closes(open[open.length - 1]!)) open.pop();
  const top = open[open.length - 1];
  const item: ListItem = { text: line.text, lists: [] };
  if (top && top.indent + 2 > line.indent) {
    top.items.push(item);
    return;
  }
  const list: ListBlock = { kind: line.kind, start: line.start, indent: line.indent, items: [item] };
  (top ? top.items[top.items.length - 1]!.lists : result).push(list);
  open.push(list);
}

function blocks(text: string): Block[] {
  const result: Block[] = [];
  for (const chunk of text.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    let paragraph: { kind: 'p'; lines: string[] } | undefined;
    const open: ListBlock[] = [];
    for (const line of chunk.split('\n').filter((l) => l.trim())) {
      const item = listLine(line);
      if (item) {
        paragraph = undefined;
        addListLine(result, open, item);
        continue;
      }
      open.length = 0;
      const content = line.replace(/^#+\s*/, '');
      if (paragraph) paragraph.lines.push(content);
      else result.push((paragraph = { kind: 'p', lines: [content] }));
    }
  }
  return result;
}

/** A list and the lists inside its items; an ordered list counts on from the number of its first item. */
function List({ list, nested = false }: { list: ListBlock; nested?: boolean }) {
  const Tag = list.kind;
  const marker = list.kind === 'ol' ? 'list-decimal' : nested ? 'list-[circle]' : 'list-disc';
  return (
    <Tag
      className={cn(marker, 'space-y-1 pl-5', nested && 'mt-1')}
      start={list.kind === 'ol' && list.start !== 1 ? list.start : undefined}
    >
      {list.items.map((item, j) => (
        <li key={j}>
          {inline(item.text)}
          {item.lists.map((inner, k) => (
            <List key={k} list={inner} nested />
          ))}
        </li>
      ))}
    </Tag>
  );
}

export function Markdown({ text }: { text: string }) {
  return (
    <div className="space-y-2">
      {blocks(text).map((block, i) =>
        block.kind === 'p' ? (
          <p key={i}>
            {block.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {inline(line)}
              </Fragment>
            ))}
          </p>
        ) : (
          <List key={i} list={block} />
        ),
      )}
    </div>
  );
}
