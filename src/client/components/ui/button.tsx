import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn';

const VARIANTS = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'bg-white text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  crisis: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-4 text-base', icon: 'h-11 w-11' } as const;

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
};

export function buttonClasses(variant: keyof typeof VARIANTS = 'primary', size: keyof typeof SIZES = 'md') {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
  );
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button className={cn(buttonClasses(variant, size), className)} type={type} {...props} />;
}
