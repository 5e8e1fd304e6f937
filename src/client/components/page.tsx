import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title';

const WIDTHS = { narrow: 'max-w-md', medium: 'max-w-3xl', wide: 'max-w-5xl' } as const;

/** The frame of every screen: one h1, an optional lead paragraph, then the content; the tab is titled after the h1. */
export function Page({
  title,
  lead,
  children,
  width = 'wide',
}: {
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  width?: keyof typeof WIDTHS;
}) {
  useDocumentTitle(title, typeof lead === 'string' ? lead : undefined);
  return (
    <div className={`mx-auto w-full ${WIDTHS[width]} px-4 py-8 wrap-break-word sm:px-6`}>
      <header className="mb-6 space-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        {lead && <p className="max-w-3xl text-base text-slate-700">{lead}</p>}
      </header>
      {children}
    </div>
  );
}
