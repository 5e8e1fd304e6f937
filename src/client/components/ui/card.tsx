import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const CARD_TONES = {
  plain: 'border-slate-200 bg-white',
  brand: 'border-brand-100 bg-brand-50',
  danger: 'border-red-200 bg-white',
} as const;

/**
 * A panel. `tone` sets its colours (never set colours in className); `as="article"` makes it a self-contained item
 * of a list (label it with `aria-labelledby` pointing at its heading).
 */
export function Card({
  as: Tag = 'div',
  className,
  tone = 'plain',
  ...props
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'article'; tone?: keyof typeof CARD_TONES }) {
  return <Tag className={cn('rounded-xl border p-5 shadow-sm', CARD_TONES[tone], className)} {...props} />;
}

/** A small label. `colour` holds its background and text classes (never set colours in className). */
export function Badge({
  className,
  colour = 'bg-slate-100 text-slate-800',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { colour?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium',
        colour,
        className,
      )}
      {...props}
    />
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-slate-200', className)} />;
}
