import { Hand } from 'lucide-react';
import type { QuestionClaim } from '../../shared/schemas/questions';
import { useClaim, useReleaseClaim } from '../data/mentoring';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';
import { formatDateTime } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { toast } from '../lib/toast';
import { Button } from './ui/button';

/**
 * A question's "I'm answering this": everyone sees that a mentor is answering it (never who); the mentor who is
 * sees so with a Release button; other verified mentors may take a question no person has answered yet.
 * `describedBy` names the question's title, so each of a list's buttons says which question it is for.
 */
export function ClaimControls({
  questionId,
  claim,
  answered = false,
  describedBy,
  className,
}: {
  questionId: string;
  claim: QuestionClaim;
  /** A person has answered it: nobody takes it any more. */
  answered?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const { t, locale } = useTranslation();
  const { user } = useAuth();
  const take = useClaim({
    meta: { errorTitle: 'claim.takeFailed' },
    onSuccess: () => toast({ title: t('claim.taken') }),
  });
  const release = useReleaseClaim({ meta: { errorTitle: 'claim.releaseFailed' } });
  const mentor = user?.role === 'mentor' && user.mentorVerified;

  if (claim?.mine) {
    return (
      <div className={cn('flex flex-wrap items-center gap-3', className)}>
        <p className="text-sm text-slate-800">
          <strong className="font-semibold">{t('claim.mine')}</strong>{' '}
          {t('claim.mineText', { time: formatDateTime(claim.expiresAt, locale) })}
        </p>
        <Button
          variant="secondary"
          size="sm"
          aria-describedby={describedBy}
          disabled={release.isPending}
          onClick={() => release.mutate({ id: questionId })}
        >
          {t('claim.release')}
        </Button>
      </div>
    );
  }
  if (claim) {
    return (
      <p className={cn('flex items-center gap-2 text-sm text-slate-800', className)}>
        <Hand aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
        <span>
          <strong className="font-semibold">{t('claim.byOther')}</strong>
          {!describedBy && <> {t('claim.byOtherText')}</>}
        </span>
      </p>
    );
  }
  if (!mentor || answered) return null;
  return (
    <div className={className}>
      <Button
        variant="secondary"
        size="sm"
        aria-describedby={describedBy}
        disabled={take.isPending}
        onClick={() => take.mutate({ id: questionId })}
      >
        <Hand aria-hidden="true" className="h-4 w-4" />
        {t('claim.take')}
      </Button>
    </div>
  );
}
