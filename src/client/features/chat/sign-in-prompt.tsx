import { MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';

/** What a visitor sees on /chat: why to sign in, and the ways in, both coming back here afterwards. */
export function SignInPrompt() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="chat-sign-in"
      className="mx-auto max-w-md rounded-xl border border-slate-200 bg-white p-6 text-center"
    >
      <MessagesSquare aria-hidden="true" className="mx-auto h-10 w-10 text-brand-700" />
      <h2 id="chat-sign-in" className="mt-3 text-xl font-bold text-slate-900">
        {t('chat.signInTitle')}
      </h2>
      <p className="mt-2 text-slate-700">{t('chat.signInText')}</p>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link to="/login?next=%2Fchat" className={buttonClasses('primary')}>
          {t('chat.signIn')}
        </Link>
        <Link to="/signup?next=%2Fchat" className={buttonClasses('secondary')}>
          {t('chat.createAccount')}
        </Link>
      </div>
      <Link to="/mentors" className="mt-4 inline-block font-medium text-brand-800 underline">
        {t('mentors.browse')}
      </Link>
    </section>
  );
}
