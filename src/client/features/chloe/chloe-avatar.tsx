import { Sparkles } from 'lucide-react';

export function ChloeAvatar() {
  return (
    <span
      aria-hidden="true"
      className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white"
    >
      <Sparkles className="h-5 w-5" />
    </span>
  );
}
