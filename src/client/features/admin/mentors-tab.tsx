import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ADMIN_LIMITS, declineMentorSchema, type AdminUser } from '../../../shared/schemas/admin';
import { toastInvalid } from '../../components/invalid-input';
import { Button } from '../../components/ui/button';
import { MentorFacts } from '../../components/mentor-card';
import { Badge, Card } from '../../components/ui/card';
import { TextAreaField } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { adminUsersQuery, useDeclineMentor, useVerifyMentor } from '../../data/admin';
import { formatDate } from '../../lib/format';
import { useTranslation, type MessageKey } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { ListFrame } from './list-frame';
import { useFocusHeading } from './use-focus-heading';

function MentorCard({
  mentor,
  verifying,
  onVerify,
  onDecline,
}: {
  mentor: AdminUser;
  verifying: boolean;
  onVerify: () => void;
  onDecline: () => void;
}) {
  const { t, locale } = useTranslation();
  const headingId = `mentor-${mentor.id}`;
  const blockedId = `mentor-${mentor.id}-blocked`;
  // What the server would refuse the verification for, said before the admin tries.
  const blockers: { label: MessageKey; text: MessageKey }[] = [
    ...(mentor.emailVerified
      ? []
      : [{ label: 'admin.mentors.waitingEmail' as const, text: 'admin.emailNotVerified' as const }]),
    ...(mentor.headline?.trim()
      ? []
      : [{ label: 'admin.mentors.profileIncomplete' as const, text: 'admin.profileIncomplete' as const }]),
  ];
  const notGiven = <span className="text-slate-600 italic">{t('admin.mentors.notGiven')}</span>;
  return (
    <Card as="article" aria-labelledby={headingId} data-list-row>
      <h3 id={headingId} className="text-lg font-semibold text-slate-900">
        {mentor.displayName}
      </h3>
      <p className="text-sm text-slate-700">{mentor.email}</p>
      <p className="text-sm text-slate-600">
        {t('admin.mentors.joined', { date: formatDate(mentor.createdAt, locale) })}
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="font-medium text-slate-700">{t('admin.mentors.headline')}</dt>
          <dd className="text-slate-900">{mentor.headline || notGiven}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('admin.mentors.story')}</dt>
          <dd className="whitespace-pre-line text-slate-900">{mentor.story || notGiven}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">{t('admin.mentors.countryPath')}</dt>
          <dd className="text-slate-900">{mentor.countryPath || notGiven}</dd>
        </div>
        {mentor.expertise.length > 0 && (
          <div>
            <dt className="font-medium text-slate-700">{t('admin.mentors.expertise')}</dt>
            <dd className="mt-1 flex flex-wrap gap-1">
              {mentor.expertise.map((item) => (
                <Badge key={item}>{item}</Badge>
              ))}
            </dd>
          </div>
        )}
      </dl>
      <MentorFacts mentor={mentor} className="mt-2" />
      {blockers.length > 0 && (
        <ul id={blockedId} className="mt-4 space-y-2 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950">
          {blockers.map((blocker) => (
            <li key={blocker.label}>
              <span className="block font-semibold">{t(blocker.label)}</span> {t(blocker.text)}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <Button
          disabled={verifying || blockers.length > 0}
          onClick={onVerify}
          aria-label={t('admin.mentors.verifyLabel', { name: mentor.displayName })}
          aria-describedby={blockers.length > 0 ? blockedId : undefined}
        >
          {t('admin.mentors.verify')}
        </Button>
        <Button
          variant="secondary"
          onClick={onDecline}
          aria-label={t('admin.mentors.declineLabel', { name: mentor.displayName })}
        >
          {t('admin.mentors.decline')}
        </Button>
      </div>
    </Card>
  );
}

/** Why a mentor is declined: required, since the person reads it at their next visit. */
function DeclineDialog({
  mentor,
  onClose,
  onDeclined,
}: {
  mentor: AdminUser | null;
  onClose: () => void;
  onDeclined: () => void;
}) {
  const { t } = useTranslation();
  const decline = useDeclineMentor({
    meta: { errorTitle: 'admin.mentors.declineFailed' },
    onSuccess: () => {
      toast({ title: t('admin.mentors.declined') });
      onClose();
      onDeclined();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!mentor) return;
    const parsed = declineMentorSchema.safeParse({
      reason: String(new FormData(event.currentTarget).get('reason') ?? ''),
    });
    if (!parsed.success) return toastInvalid('admin.mentors.declineFailed', parsed.error);
    decline.mutate({ userId: mentor.id, reason: parsed.data.reason });
  };
  return (
    <Modal
      open={mentor !== null}
      onClose={onClose}
      title={t('admin.mentors.declineTitle', { name: mentor?.displayName ?? '' })}
      description={t('admin.mentors.declineText')}
    >
      <form onSubmit={submit} className="mt-4 space-y-4">
        <TextAreaField
          label={t('admin.mentors.declineReason')}
          hint={t('admin.mentors.declineHint')}
          name="reason"
          required
          maxLength={ADMIN_LIMITS.reasonMax}
          rows={4}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={decline.isPending}>
            {t('admin.mentors.decline')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** People who signed up as mentors and wait for an admin: verify them, or decline with a reason. */
export function MentorsTab() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(adminUsersQuery({ filter: 'mentors-to-verify' }));
  const [declining, setDeclining] = useState<AdminUser | null>(null);
  const [heading, focusHeading] = useFocusHeading();
  const verify = useVerifyMentor({
    meta: { errorTitle: 'admin.mentors.verifyFailed' },
    onSuccess: () => {
      toast({ title: t('admin.mentors.verified') });
      focusHeading();
    },
  });
  const rows = query.data?.pages.flatMap((page) => page.users) ?? [];
  return (
    <ListFrame
      id="admin-mentors-title"
      title={t('admin.tabs.mentors')}
      heading={heading}
      intro={t('admin.mentors.intro')}
      query={query}
      count={rows.length}
      empty={t('admin.mentors.empty')}
      after={
        <DeclineDialog mentor={declining} onClose={() => setDeclining(null)} onDeclined={focusHeading} />
      }
    >
      <div className="grid gap-4 md:grid-cols-2">
        {rows.map((mentor) => (
          <MentorCard
            key={mentor.id}
            mentor={mentor}
            verifying={verify.isPending && verify.variables?.userId === mentor.id}
            onVerify={() => verify.mutate({ userId: mentor.id })}
            onDecline={() => setDeclining(mentor)}
          />
        ))}
      </div>
    </ListFrame>
  );
}
