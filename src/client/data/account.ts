import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { Locale } from '../../shared/constants';
import { exportFileName } from '../../shared/limits';
import type { AccountExport } from '../../shared/schemas/account';
import type {
  changePasswordSchema,
  deleteAccountSchema,
  PasswordResetConfirm,
  PasswordResetRequest,
  updateProfileSchema,
  User,
  verifyEmailResponseSchema,
} from '../../shared/schemas/auth';
import { api, ApiError, errorMessage } from '../lib/api';
import { ENDING_SESSION, readStoredUser, useAuth } from '../lib/auth';
import { withConfig, type MutationConfig } from '../lib/mutation';

/** What the server said when it refused an account action, in the reader's language. */
export function refusalMessage(error: unknown): string {
  return errorMessage(error);
}

/** The stable code of a refusal (`WRONG_PASSWORD`, `RESET_TOKEN_INVALID`), for the field or state it concerns. */
export function refusalCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Fetches everything we hold about the signed-in person and saves it as a JSON file. Through the api wrapper,
 * so a refusal (signed out, too many downloads) reads like every other error.
 */
async function downloadMyData(): Promise<void> {
  const data = await api<AccountExport>('/api/me/export');
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, exportFileName(data.exportedAt));
}

export function useDownloadMyData(config: MutationConfig<void, void> = {}) {
  return useMutation(withConfig(config, { mutationFn: downloadMyData }));
}

/** The profile form sends both fields. */
type ProfileInput = Required<Pick<z.input<typeof updateProfileSchema>, 'displayName' | 'locale'>> &
  Pick<z.input<typeof updateProfileSchema>, 'state'>;

/** A change to the signed-in person's account (`PATCH /api/auth/me`); the stored user follows the answer. */
function usePatchMe<Input>(config: MutationConfig<User, Input>) {
  const { setUser } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: async (input) =>
        (await api<{ user: User }>('/api/auth/me', { method: 'PATCH', body: input })).user,
      onSuccess: (user) => setUser(user),
    }),
  );
}

/**
 * The language the signed-in person chose with the header's switch, kept by their account too: their emails, and the
 * app on the next device they sign in on, follow it. Not for demo accounts, which many share. A failure changes
 * nothing on the page (the switch has worked); the account keeps its language until the next switch.
 */
export function useKeepLanguage(): (locale: Locale) => void {
  const { user, setUser } = useAuth();
  return (locale) => {
    if (!user || user.isDemo || user.locale === locale) return;
    api<{ user: User }>('/api/auth/me', { method: 'PATCH', body: { locale } }).then(
      ({ user: saved }) => setUser(saved),
      () => undefined,
    );
  };
}

/** Saves the display name and language. */
export function useUpdateProfile(config: MutationConfig<User, ProfileInput> = {}) {
  return usePatchMe(config);
}

export function useChangePassword(
  config: MutationConfig<unknown, z.input<typeof changePasswordSchema>> = {},
) {
  return useMutation(
    withConfig(config, {
      mutationFn: (input) => api('/api/auth/password', { method: 'POST', body: input }),
    }),
  );
}

/**
 * Deletes the account. The screen forgets the user itself (useAuth().clear) once it has left the pages that
 * need one.
 */
export function useDeleteAccount(config: MutationConfig<unknown, z.input<typeof deleteAccountSchema>> = {}) {
  return useMutation({
    ...withConfig(config, {
      mutationFn: (input) => api('/api/auth/me', { method: 'DELETE', body: input }),
    }),
    mutationKey: ENDING_SESSION,
    // Forgotten as soon as the profile screen has gone, so a later session in this tab that ends is a surprise again.
    gcTime: 0,
  });
}

/**
 * The other side of a declined mentor application: the person has read the admin's reason, so the server
 * forgets it, and the stored user is fetched again (as the auth provider does at start).
 */
export function useDismissMentorNotice(config: MutationConfig<void, void> = {}) {
  const { setUser } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: async () => {
        await api('/api/auth/me/notice', { method: 'DELETE' });
        setUser((await api<{ user: User }>('/api/auth/me')).user);
      },
    }),
  );
}

/** Asks for a link to choose a new password. The server answers the same for every address. */
export function useRequestPasswordReset(config: MutationConfig<unknown, PasswordResetRequest> = {}) {
  return useMutation(
    withConfig(config, {
      mutationFn: (input) => api('/api/auth/password-reset', { method: 'POST', body: input }),
    }),
  );
}

/**
 * Sets the new password from an emailed link. Every session of the account ends, this tab's too, so the stored
 * user is forgotten here (other tabs hear it through the storage event).
 */
export function useConfirmPasswordReset(config: MutationConfig<unknown, PasswordResetConfirm> = {}) {
  const { clear } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: (input) => api('/api/auth/password-reset/confirm', { method: 'POST', body: input }),
      onSuccess: () => clear(),
    }),
  );
}

/** The stored user again from the server, after a change made elsewhere (an emailed link, another tab). */
async function refreshUser(setUser: (user: User) => void): Promise<void> {
  setUser((await api<{ user: User }>('/api/auth/me')).user);
}

/** Sends the link that confirms the signed-in person's email again. */
export function useResendVerification(config: MutationConfig<unknown, void> = {}) {
  const { setUser } = useAuth();
  return useMutation({
    ...withConfig(config, {
      mutationFn: () => api('/api/auth/verify-email/resend', { method: 'POST' }),
    }),
    // Confirmed meanwhile (in another tab or on another device): the notice that offered this goes away.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'EMAIL_ALREADY_VERIFIED')
        void refreshUser(setUser).catch(() => undefined);
    },
  });
}

/**
 * Asks for a new email: the server sends a link to it and answers with the user unchanged, since the address
 * changes only when that link is opened.
 */
export function useChangeEmail(
  config: MutationConfig<User, { email: string; currentPassword: string }> = {},
) {
  return usePatchMe(config);
}

type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/**
 * "This wasn't me" from the notice of an email change: the change is cancelled (or undone) and every other session
 * ends. A signed-in person's stored user is fetched again, as its address may be the old one once more.
 */
export function useCancelEmailChange(config: MutationConfig<VerifyEmailResponse, string> = {}) {
  const { setUser } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: async (token) => {
        const answer = await api<VerifyEmailResponse>('/api/auth/email-change/cancel', {
          method: 'POST',
          body: { token },
        });
        if (readStoredUser()) await refreshUser(setUser).catch(() => undefined);
        return answer;
      },
    }),
  );
}

export type EmailLinkState =
  | { status: 'checking' }
  | { status: 'confirmed'; email: string }
  | { status: 'invalid' }
  | { status: 'failed'; message: string; canRetry: boolean };

/**
 * Opens an emailed link that confirms an address, once: the link works only once, and React runs a new screen's
 * effects twice in development. Not a mutation: a mutation started in an effect loses its observer when StrictMode
 * unmounts it for a moment, and would stay pending on screen. A signed-in person's stored user is fetched again so
 * the profile shows the address as confirmed.
 */
export function useEmailLink(token: string): { state: EmailLinkState; retry: () => void } {
  const { setUser } = useAuth();
  const [state, setState] = useState<EmailLinkState>(() =>
    token ? { status: 'checking' } : { status: 'invalid' },
  );
  const started = useRef(false);

  const confirm = useCallback(() => {
    api<VerifyEmailResponse>('/api/auth/verify-email', { method: 'POST', body: { token } })
      .then(async ({ email }) => {
        if (readStoredUser()) await refreshUser(setUser).catch(() => undefined);
        setState({ status: 'confirmed', email });
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 400) return setState({ status: 'invalid' });
        setState({
          status: 'failed',
          message: errorMessage(error),
          // No connection or a server fault: the link was not used, so trying again may work.
          canRetry: !(error instanceof ApiError) || error.status === 0 || error.status >= 500,
        });
      });
  }, [token, setUser]);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirm();
  }, [token, confirm]);

  const retry = useCallback(() => {
    setState({ status: 'checking' });
    confirm();
  }, [confirm]);

  return { state, retry };
}
