import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { api, ApiError } from './api';
import { forgetAskDraft } from './ask-draft';
import { forgetChloeConversation } from './chloe-conversation';
import { forgetSavedAnswers } from './offline';

type AuthContextValue = {
  user: User | null;
  signOut: () => Promise<void>;
  /** Replaces the stored user after a profile change. */
  setUser: (user: User) => void;
  /** Forgets the user locally (after the account was deleted). */
  clear: () => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function readStoredUser(): User | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.user);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<User>;
    return parsed && typeof parsed.id === 'string' && typeof parsed.role === 'string'
      ? (parsed as User)
      : null;
  } catch {
    return null;
  }
}

/** The member the server drew the page's frame for (index-page.ts), when it did. */
function frameUser(): User | null {
  const element = typeof document === 'undefined' ? null : document.getElementById('frame-user');
  return element ? (JSON.parse(element.textContent!) as User) : null;
}

/** Quick exit has begun: nothing stores a member again while the page goes (an answer still on its way). */
let leaving = false;

function storeUser(user: User | null) {
  if (leaving && user) return;
  // Another person, or nobody: the answers kept for reading offline were someone else's.
  if (readStoredUser()?.id !== user?.id) {
    forgetSavedAnswers();
    forgetChloeConversation();
    forgetAskDraft();
  }
  try {
    if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
    else localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // storage unavailable: the session cookie still works for this tab
  }
}

/**
 * Quick exit: signs out on the server with a request that outlives the page (keepalive; the session cookie and the
 * page's Origin go with it, as the server's check of cross-site requests wants), and forgets the member on this device.
 */
export function signOutLeaving(win: { fetch: typeof fetch } = window): void {
  win
    .fetch('/api/auth/signout', { method: 'POST', credentials: 'same-origin', keepalive: true })
    .catch(() => undefined);
  leaving = true;
  storeUser(null);
}

/**
 * Auth state: signed in at once as the member the server drew the page's frame for (it has just read their session),
 * else as the stored user, so a member's screens draw without waiting; the server verifies the session in the
 * background: the user is then kept, or forgotten (the guards send the reader to sign in). Offline, the stored user
 * stays until the next start. The session itself is an HttpOnly cookie; only the user object is stored, for a fast
 * start and so other tabs hear about sign-in and sign-out through the storage event. `initialUser`: the member a page
 * frame is drawn for (frame.tsx), where there is no storage.
 */
export function AuthProvider({ children, initialUser }: { children: ReactNode; initialUser?: User | null }) {
  const [user, setUserState] = useState<User | null>(() => initialUser ?? frameUser() ?? readStoredUser());

  const accept = useCallback((next: User | null) => {
    storeUser(next);
    // The same person as drawn: nothing to draw again (every screen that asks who is signed in would).
    setUserState((current) => (JSON.stringify(current) === JSON.stringify(next) ? current : next));
  }, []);

  useEffect(() => {
    if (!frameUser() && !readStoredUser()) return;
    const controller = new AbortController();
    api<{ user: User }>('/api/auth/me', { signal: controller.signal })
      .then(({ user: fresh }) => accept(fresh))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // The server said no: forget the user. Offline: keep the stored user and try again next start.
        if (error instanceof ApiError && error.status > 0) accept(null);
      });
    return () => controller.abort();
  }, [accept]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.user && event.key !== null) return;
      setUserState(readStoredUser());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      signOut: async () => {
        await api('/api/auth/signout', { method: 'POST' }).catch(() => undefined);
        accept(null);
        window.location.reload();
      },
      setUser: (next) => accept(next),
      clear: () => accept(null),
    }),
    [user, accept],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/**
 * The key of calls that end the session on purpose (deleting the account): while one runs, the session the server
 * ends is no surprise, and the screen that made the call decides where to go.
 */
export const ENDING_SESSION = ['account', 'ending-session'] as const;
