import { clsx, type ClassValue } from 'clsx';

/** Joins class names. Callers add classes, never override the same property twice. */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
