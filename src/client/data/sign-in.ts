import { useMutation } from '@tanstack/react-query';
import type { Role } from '../../shared/constants';
import type { AuthResponse, SigninInput, SignupInput, User } from '../../shared/schemas/auth';
import { api } from '../lib/api';
import { useAuth } from '../lib/auth';
import { i18n, setLanguage, type MessageKey } from '../lib/i18n';
import { withConfig, type MutationConfig } from '../lib/mutation';

/**
 * Signs in through one of the endpoints that answer `{ token, user }` and keeps the user (the token travels in
 * the session cookie). `fallbackKey` names the message for a refusal that comes without one.
 */
function useEnter<TVariables>(
  path: string,
  fallbackKey: MessageKey,
  config: MutationConfig<User, TVariables>,
  { accountLanguage = false } = {},
) {
  const { setUser } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: async (body) => {
        const { user } = await api<AuthResponse>(path, {
          method: 'POST',
          body,
          fallback: i18n.t(fallbackKey),
        });
        // The page reads on in the account's language before anything after sign-in draws (a new device's
        // English default must not greet a Vietnamese reader). Its texts not to be had (a lost connection), the
        // person is signed in all the same, in the page's language.
        if (accountLanguage) await setLanguage(user.locale)?.catch(() => undefined);
        return user;
      },
      onSuccess: (user) => setUser(user),
    }),
  );
}

/** Signing in: the app switches to the language the account keeps. */
export function useSignIn(config: MutationConfig<User, SigninInput> = {}) {
  return useEnter('/api/auth/signin', 'errors.signinFailed', config, { accountLanguage: true });
}

export function useSignUp(config: MutationConfig<User, SignupInput> = {}) {
  return useEnter('/api/auth/signup', 'errors.signupFailed', config);
}

/** The demo accounts of demo mode, one per role. */
export function useDemoSignIn(config: MutationConfig<User, { role: Role }> = {}) {
  return useEnter('/api/auth/demo', 'auth.demoFailed', config);
}
