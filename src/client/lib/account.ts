import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { exportFileName, type AccountExport } from '../../shared/schemas/account';
import type {
  changePasswordSchema,
  deleteAccountSchema,
  updateProfileSchema,
  User,
} from '../../shared/schemas/auth';
import { api } from './api';
import { useAuth } from './auth';
import { withConfig, type MutationConfig } from './mutation';

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
type ProfileInput = Required<z.input<typeof updateProfileSchema>>;

/** Saves the display name and language; the stored user follows. */
export function useUpdateProfile(config: MutationConfig<User, ProfileInput> = {}) {
  const { setUser } = useAuth();
  return useMutation(
    withConfig(config, {
      mutationFn: async (input) =>
        (await api<{ user: User }>('/api/auth/me', { method: 'PATCH', body: input })).user,
      onSuccess: (user) => setUser(user),
    }),
  );
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
 * The key of calls that end the session on purpose (deleting the account): while one runs, the session the server
 * ends is no surprise, and the screen that made the call decides where to go.
 */
export const ENDING_SESSION = ['account', 'ending-session'] as const;

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
