import { vi } from 'vitest';

/** The server's public key in the tests, base64url as GET /api/notifications/push-key answers it. */
export const PUBLIC_KEY = 'BPublicKey_-01xy';

export const sampleSubscription = {
  endpoint: 'https://push.example/send/abc',
  keys: { p256dh: 'p256dh-key', auth: 'auth-key' },
};

type FakePush = {
  permission: NotificationPermission;
  /** What the browser answers the permission question with. */
  answer: NotificationPermission;
  subscribed: boolean;
};

/**
 * A browser that can push (jsdom cannot): Notification, a service worker registration and its PushManager, driven
 * by the returned state. `requestPermission` and `subscribe` are mocks a test can look at.
 */
export function stubPush(start: Partial<FakePush> = {}) {
  const state: FakePush = { permission: 'default', answer: 'granted', subscribed: false, ...start };
  const subscription = {
    ...sampleSubscription,
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => sampleSubscription,
    unsubscribe: vi.fn(async () => {
      state.subscribed = false;
      return true;
    }),
  };
  const requestPermission = vi.fn(async () => (state.permission = state.answer));
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    subscription.options.applicationServerKey = options.applicationServerKey.slice().buffer;
    state.subscribed = true;
    return subscription;
  });
  const registration = {
    pushManager: { getSubscription: async () => (state.subscribed ? subscription : null), subscribe },
  };
  vi.stubGlobal('Notification', {
    get permission() {
      return state.permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { state, requestPermission, subscribe, subscription };
}

/** Back to jsdom's browser, which has no service worker. */
export function unstubPush() {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
}
