import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/document-title';

const WIDTHS = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-5xl' } as const;

/**
 * The frame of every screen: one h1, an optional lead paragraph, then the content; the tab is titled after the h1.
 * `fill`: below the `lg` breakpoint the screen takes the height the layout leaves it (the chat pages, which the
 * layout makes as tall as the screen), and with `quiet` its title and lead are for screen readers only there.
 */
export function Page({
  title,
  lead,
  children,
  width = 'wide',
  fill = false,
  quiet = false,
  lang,
  titleLang,
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: keyof typeof WIDTHS;
  fill?: boolean;
  quiet?: boolean;
  /** The language of the page's own text, when it is not the reader's (content not yet translated). */
  lang?: string;
  /** The title's language, when only it differs (a person's question written in another language). */
  titleLang?: string;
}) {
  useDocumentTitle(title, typeof lead === 'string' ? lead : undefined);
  return (
    <div
      lang={lang}
      className={cn(
        `mx-auto w-full ${WIDTHS[width]} px-4 py-8 wrap-break-word sm:px-6`,
        fill && 'flex min-h-0 flex-1 flex-col max-lg:py-3 lg:block',
      )}
    >
      <header className={cn('mb-6 space-y-2', fill && 'max-lg:mb-3', fill && quiet && 'max-lg:sr-only')}>
        <h1 lang={titleLang} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h1>
        {lead && <p className="max-w-3xl text-base text-slate-700">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
