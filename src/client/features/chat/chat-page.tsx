import '../../lib/page-texts';
import { Page } from '../../components/page';
import { useAuth } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { ChatScreen } from './chat-screen';
import { SignInPrompt } from './sign-in-prompt';

/** /chat: mentor chat for the signed in, an invitation to sign in for visitors. */
export function ChatPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Page title={t('frames.chatTitle')} lead={t('frames.chatText')}>
      {user ? <ChatScreen user={user} /> : <SignInPrompt />}
    </Page>
  );
}
