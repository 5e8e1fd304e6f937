import '../../lib/page-texts';
import { Download } from 'lucide-react';
import { startTransition, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import { useSchemas } from '../../lib/schemas';
import { NotificationSettings } from '../../components/notification-settings';
import { Page } from '../../components/page';
import { QuestionCard, QuestionCardSkeleton } from '../../components/question-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, NewPasswordFields } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../lib/toast';
import { useChangePassword, useDeleteAccount, useDownloadMyData } from '../../data/account';
import { useAuth } from '../../lib/auth';
import { isAwaitingVerification } from '../../data/chat';
import { formatDate } from '../../lib/format';
import { messageKey } from '../../lib/i18n';
import { useProfileQuestions } from '../../data/questions';
import { ConfirmEmailNotice, EmailForm } from './email-settings';
import { DetailsForm } from './details-form';
import { FollowedTopicsCard } from './followed-topics';
import { MentorProfileCard } from './mentor-profile-form';

function PasswordForm() {
  const { t } = useTranslation();
  // Named by its heading: the email form below also asks for the current password.
  const titleId = useId();
  const [error, setError] = useState<string>();
  const change = useChangePassword({
    meta: { errorTitle: 'profile.passwordFailed' },
    onSuccess: () =>
      toast({ title: t('profile.passwordChanged'), description: t('profile.passwordChangedText') }),
  });
  const busy = change.isPending;
  const { preload, withSchemas } = useSchemas('auth');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const newPassword = String(form.get('newPassword'));
    if (newPassword !== String(form.get('confirmPassword'))) {
      toast({
        title: t('auth.passwordsDontMatch'),
        description: t('auth.passwordsDontMatchText'),
        variant: 'destructive',
      });
      return;
    }
    void withSchemas(({ newPasswordSchema }) => {
      const parsed = newPasswordSchema.safeParse(newPassword);
      if (!parsed.success) {
        setError(t(messageKey(parsed.error.issues[0]?.message)));
        return;
      }
      setError(undefined);
      change.mutate(
        { currentPassword: String(form.get('currentPassword')), newPassword },
        { onSuccess: () => formElement.reset() },
      );
    });
  };
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('profile.passwordTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('profile.passwordText')}</p>
      <form aria-labelledby={titleId} onSubmit={onSubmit} onFocus={preload} className="mt-4 space-y-4">
        <Field
          label={t('profile.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
        />
        <NewPasswordFields
          label={t('profile.newPassword')}
          confirmLabel={t('profile.confirmNewPassword')}
          hint={t('auth.password8')}
          name="newPassword"
          error={error}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('profile.changingPassword') : t('profile.changePassword')}
        </Button>
      </form>
    </Card>
  );
}

/** Until the person opens the link sent at sign-up: mentors are verified only once their address is confirmed. */
function DeleteAccount() {
  const { t } = useTranslation();
  const { clear } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount({
    meta: { errorTitle: 'profile.deleteFailed' },
    onSuccess: () => {
      toast({ title: t('profile.deleted') });
      // Leave the protected page and forget the user in one update, or the guard would send us to sign in.
      startTransition(() => {
        navigate('/', { replace: true });
        clear();
      });
    },
  });
  /** The page is left once the account is gone. */
  const busy = remove.isPending || remove.isSuccess;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    remove.mutate({ password: String(new FormData(event.currentTarget).get('password')) });
  };
  return (
    <Card tone="danger">
      <h2 className="text-xl font-semibold text-red-800">{t('profile.deleteTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('profile.deleteText')}</p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        {t('profile.deleteButton')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('profile.deleteConfirmTitle')}
        description={t('profile.deleteConfirmText')}
      >
        <form onSubmit={onSubmit} className="mt-4 space-y-4">
          <Field
            label={t('auth.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? t('profile.deleting') : t('profile.deleteConfirm')}
            </Button>
          </div>
        </form>
      </Modal>
    </Card>
  );
}

function DownloadData() {
  const { t } = useTranslation();
  const download = useDownloadMyData({
    meta: { errorTitle: 'profile.exportFailed' },
    onSuccess: () => toast({ title: t('profile.exportDone') }),
  });
  const busy = download.isPending;
  return (
    <Card>
      <h2 className="text-xl font-semibold">{t('profile.exportTitle')}</h2>
      <p className="mt-1 text-slate-700">{t('profile.exportText')}</p>
      <Button variant="secondary" className="mt-4" disabled={busy} onClick={() => download.mutate()}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {busy ? t('profile.exporting') : t('profile.exportButton')}
      </Button>
    </Card>
  );
}

const SHOWN_AT_FIRST = 5;

function QuestionList({ which }: { which: 'mine' | 'saved' }) {
  const { t } = useTranslation();
  const query = useProfileQuestions(which);
  const titleId = useId();
  const [all, setAll] = useState(false);
  const list = query.data?.questions ?? [];
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} className="text-xl font-semibold">
        {t(which === 'mine' ? 'profile.myQuestions' : 'profile.savedQuestions')}
      </h2>
      <div className="mt-3 space-y-3">
        {query.isPending && <QuestionCardSkeleton />}
        {query.data?.questions.length === 0 && (
          <p className="text-slate-700">{t(which === 'mine' ? 'profile.noQuestions' : 'profile.noSaved')}</p>
        )}
        {(all ? list : list.slice(0, SHOWN_AT_FIRST)).map((question) => (
          <QuestionCard key={question.id} question={question} />
        ))}
        {!all && list.length > SHOWN_AT_FIRST && (
          <Button variant="secondary" onClick={() => setAll(true)}>
            {t('profile.showAll', { count: list.length })}
          </Button>
        )}
      </div>
    </section>
  );
}

export function ProfilePage() {
  const { t, locale } = useTranslation();
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Page
      title={t('profile.title')}
      lead={`${user.displayName} · ${t(`roles.${user.role}`)} · ${t('profile.memberSince', {
        date: formatDate(user.createdAt, locale),
      })}`}
      width="medium"
    >
      <div className="space-y-6">
        {isAwaitingVerification(user) && (
          <p role="status" className="rounded-lg bg-amber-50 px-4 py-3 text-amber-900">
            {t('chat.waitingReview')}
          </p>
        )}
        {!user.emailVerified && !user.isDemo && <ConfirmEmailNotice user={user} />}
        <DetailsForm user={user} />
        {user.role === 'mentor' && <MentorProfileCard user={user} />}
        <FollowedTopicsCard user={user} />
        <NotificationSettings user={user} />
        <QuestionList which="mine" />
        <QuestionList which="saved" />
        <DownloadData />
        {user.isDemo ? (
          <Card>
            <p className="text-slate-700">{t('profile.demoAccount')}</p>
          </Card>
        ) : (
          <>
            <EmailForm user={user} />
            <PasswordForm />
            <DeleteAccount />
          </>
        )}
      </div>
    </Page>
  );
}
