import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { PushSubscriptionInput } from '../../shared/schemas/notifications';
import { api } from '../lib/api';
import { useAuth } from '../lib/auth';
import { i18n } from '../lib/i18n';
import { withConfig, type MutationConfig } from '../lib/mutation';

/**
 * Alerts on this device (web push). `unsupported`: this browser cannot have them; `install`: an iPhone or iPad,
 * whose browsers offer them only to an app added to the Home Screen; `blocked`: the person said no in the browser,
 * which only its site settings can undo; `off` and `on`: whether this device gets them.
 */
export type PushState = 'unsupported' | 'install' | 'blocked' | 'off' | 'on';

function canPush(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Safari on iOS and iPadOS (which calls itself a Mac, but has a touch screen), outside a Home Screen app. */
function needsInstall(): boolean {
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const installed =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return apple && !installed;
}

/** The service worker that shows the alerts; none in development, or where the browser refused it (private modes). */
function worker(): Promise<ServiceWorkerRegistration | undefined> {
  return navigator.serviceWorker.getRegistration();
}

function sendSubscription(subscription: PushSubscription): Promise<unknown> {
  return api('/api/notifications/push-subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionInput,
  });
}

/**
 * Whether this device gets alerts. One it gets is told to the server again, which keeps it with whoever is signed in
 * now: on a shared phone, alerts follow the person using it.
 */
export async function readPushState(): Promise<PushState> {
  if (!canPush()) return needsInstall() ? 'install' : 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  const registration = await worker();
  if (!registration) return 'unsupported';
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return 'off';
  await sendSubscription(subscription).catch(() => undefined);
  return 'on';
}

/** The server's public key (base64url) as the bytes pushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((byte, index) => byte === b[index]);
}

/**
 * Turns alerts on: asks the browser's permission first, straight from the person's tap (browsers ignore a request
 * that does not come from one), then subscribes this device and tells the server. Gives the state it ends in: a
 * person who closes the question is left `off`, one who says no is `blocked`.
 */
async function enablePush(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  const registration = await worker();
  if (!registration) return 'unsupported';
  const { publicKey } = await api<{ publicKey: string }>('/api/notifications/push-key');
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  // Made with a key the server no longer has: it could never bring an alert.
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager
    .subscribe({ userVisibleOnly: true, applicationServerKey: key })
    .catch(() => {
      // The browser's push service refused (some browsers ship without one): its own words are no help to a reader.
      throw new Error(i18n.t('notifications.pushUnsupported'));
    });
  await sendSubscription(subscription);
  return 'on';
}

/** Turns alerts off on this device: the server forgets it first, so no alert is sent to it on the way. */
async function disablePush(): Promise<PushState> {
  const subscription = await (await worker())?.pushManager.getSubscription();
  if (subscription) {
    await api('/api/notifications/push-subscriptions', {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return 'off';
}

/**
 * A subscription lasts as long as the sign-in it was made in (signing out of a shared phone stops its alerts): after
 * each sign-in, a device that still has one tells the server again, so alerts follow whoever is signed in.
 */
export function useRenewPush() {
  const userId = useAuth().user?.id;
  useEffect(() => {
    if (userId && canPush() && Notification.permission === 'granted')
      void readPushState().catch(() => undefined);
  }, [userId]);
}

const pushKey = (userId: string | undefined) => ['push', userId] as const;

/** Read again each time a screen shows it: the browser's settings may have changed meanwhile. */
export function usePushState() {
  const userId = useAuth().user?.id;
  return useQuery({
    queryKey: pushKey(userId),
    queryFn: readPushState,
    staleTime: 0,
    enabled: Boolean(userId),
  });
}

function usePushChange(change: () => Promise<PushState>, config: MutationConfig<PushState, void>) {
  const client = useQueryClient();
  const userId = useAuth().user?.id;
  return useMutation(
    withConfig(config, {
      mutationFn: change,
      onSuccess: (state) => client.setQueryData(pushKey(userId), state),
    }),
  );
}

export function useEnablePush(config: MutationConfig<PushState, void> = {}) {
  return usePushChange(enablePush, config);
}

export function useDisablePush(config: MutationConfig<PushState, void> = {}) {
  return usePushChange(disablePush, config);
}

const OFFERED_KEY = 'mentorme.pushOffered';

/**
 * Whether to offer alerts now, after the person asked a question: only where they can be had, where the person has
 * not answered the browser's question either way, and once per browser (the profile has them any time after).
 */
export async function takePushOffer(): Promise<boolean> {
  try {
    if (!canPush() || Notification.permission !== 'default' || localStorage.getItem(OFFERED_KEY))
      return false;
    const registration = await worker();
    if (!registration || (await registration.pushManager.getSubscription())) return false;
    localStorage.setItem(OFFERED_KEY, '1');
    return true;
  } catch {
    // Storage or the service worker unavailable: no offer, the question is posted all the same.
    return false;
  }
}
