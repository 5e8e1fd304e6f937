import '../../lib/page-texts';
import { Download } from 'lucide-react';
import { startTransition, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useNavigate } from 'react-router';
import type { Locale } from '../../../shared/constants';
import { emailSchema, newPasswordSchema, type User } from '../../../shared/schemas/auth';
import { Page } from '../../components/page';
import { QuestionCard, QuestionCardSkeleton } from '../../components/question-card';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field, inputClasses, NewPasswordFields } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { toast } from '../../lib/toast';
import {
  useChangeEmail,
  useChangePassword,
  useDeleteAccount,
  useDownloadMyData,
  useResendVerification,
  useUpdateProfile,
} from '../../lib/account';
import { ApiError, errorMessage } from '../../lib/api';
import { focusWhenShown } from '../../lib/focus';
import { useAuth } from '../../lib/auth';
import { isAwaitingVerification } from '../../lib/chat';
import { formatDate } from '../../lib/format';
import { currentLocale, messageKey, setLanguage } from '../../lib/i18n';
import { useProfileQuestions } from '../../lib/questions';

function DetailsForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const languageId = useId();
  const save = useUpdateProfile({
    meta: { errorTitle: 'profile.saveFailed' },
    onSuccess: (_user, input) => {
      setLanguage(input.locale);
      toast({ title: t('profile.saved') });
    },
  });
  const busy = save.isPending;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    save.mutate({
      displayName: String(form.get('displayName')),
      locale: String(form.get('locale')) as Locale,
    });
  };
  return (
    <Card>
      <h2 className="text-xl font-semibold">{t('profile.detailsTitle')}</h2>
      <form onSubmit={onSubmit} className="mt-4 space-y-4">
        <Field
          label={t('profile.displayName')}
          name="displayName"
          defaultValue={user.displayName}
          maxLength={60}
          required
          autoComplete="nickname"
        />
        <div className="space-y-1">
          <label htmlFor={languageId} className="block text-sm font-medium text-slate-800">
            {t('profile.language')}
          </label>
          <select id={languageId} name="locale" defaultValue={currentLocale()} className={inputClasses}>
            <option value="en">{t('language.en')}</option>
            <option value="vi" lang="vi">
              {t('language.vi')}
            </option>
          </select>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? t('profile.saving') : t('profile.save')}
        </Button>
      </form>
    </Card>
  );
}

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
  };
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('profile.passwordTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('profile.passwordText')}</p>
      <form aria-labelledby={titleId} onSubmit={onSubmit} className="mt-4 space-y-4">
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
function ConfirmEmailNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const resend = useResendVerification({
    meta: { errorTitle: 'profile.resendFailed' },
    onSuccess: () => toast({ title: t('profile.resent', { email: user.email }) }),
  });
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-amber-300 bg-amber-50 p-5">
      <h2 id={titleId} className="text-xl font-semibold text-amber-950">
        {t('profile.confirmEmailTitle')}
      </h2>
      <p className="mt-1 text-amber-950">{t('profile.confirmEmailText', { email: user.email })}</p>
      <Button
        variant="secondary"
        className="mt-4"
        disabled={resend.isPending}
        onClick={() => resend.mutate()}
      >
        {resend.isPending ? t('profile.resending') : t('profile.resend')}
      </Button>
    </section>
  );
}

type EmailErrors = { email?: string; currentPassword?: string };

/** Which field a refusal of the new email is about; none for the rest (no email service, too many tries). */
function refusedField(error: unknown): keyof EmailErrors | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.code === 'WRONG_PASSWORD') return 'currentPassword';
  // EMAIL_TAKEN, or the address the account already has (a VALIDATION answer).
  if (error.code === 'EMAIL_TAKEN' || error.code === 'VALIDATION') return 'email';
  return undefined;
}

function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [errors, setErrors] = useState<EmailErrors>({});
  const [sentTo, setSentTo] = useState<string>();
  const change = useChangeEmail();
  const busy = change.isPending;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const focus = (name: keyof EmailErrors) =>
      (formElement.elements.namedItem(name) as HTMLInputElement | null)?.focus();
    setSentTo(undefined);
    const email = emailSchema.safeParse(form.get('email'));
    const currentPassword = String(form.get('currentPassword') ?? '');
    const found: EmailErrors = {};
    if (!email.success) found.email = t(messageKey(email.error.issues[0]?.message));
    if (!currentPassword) found.currentPassword = t('validation.passwordRequired');
    setErrors(found);
    if (!email.success || found.currentPassword) return focus(found.email ? 'email' : 'currentPassword');
    change.mutate(
      { email: email.data, currentPassword },
      {
        onSuccess: () => {
          formElement.reset();
          setSentTo(email.data);
        },
        onError: (error) => {
          const field = refusedField(error);
          if (field) {
            setErrors({ [field]: errorMessage(error) });
            return focus(field);
          }
          toast({
            title: t('profile.emailChangeFailed'),
            description: errorMessage(error),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('profile.emailTitle')}
      </h2>
      <p className="mt-1 text-slate-700">{t('profile.emailText', { email: user.email })}</p>
      <form aria-labelledby={titleId} onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
        <Field
          label={t('profile.newEmail')}
          name="email"
          type="email"
          autoComplete="email"
          required
          error={errors.email}
        />
        <Field
          label={t('profile.currentPassword')}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={errors.currentPassword}
        />
        <Button type="submit" disabled={busy}>
          {busy ? t('profile.changingEmail') : t('profile.changeEmail')}
        </Button>
      </form>
      {sentTo && (
        <p
          ref={focusWhenShown}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-slate-900 outline-none"
        >
          {t('profile.emailChangeSent', { email: sentTo })}
        </p>
      )}
    </Card>
  );
}

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
