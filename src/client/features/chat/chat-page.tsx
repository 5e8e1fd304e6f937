import '../../lib/page-texts';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { ChatScreen } from './chat-screen';
import { SignInPrompt } from './sign-in-prompt';

/** /chat: mentor chat for the signed in, an invitation to sign in for visitors. */
export function ChatPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [params] = useSearchParams();
  // On a phone an open conversation is a screen of its own, with its own header.
  return (
    <Page
      title={t('frames.chatTitle')}
      lead={t('frames.chatText')}
      fill={Boolean(user)}
      quiet={params.has('c')}
    >
      {user ? <ChatScreen user={user} /> : <SignInPrompt />}
    </Page>
  );
}
