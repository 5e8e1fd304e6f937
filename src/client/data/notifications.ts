import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';
import type {
  MarkReadInput,
  Notification,
  NotificationPreferences,
  NotificationsPage,
  NotificationType,
  PreferencesUpdate,
  UnsubscribeScope,
} from '../../shared/schemas/notifications';
import { api, queryString } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useTranslation } from '../lib/i18n';
import { withConfig, type MutationConfig } from '../lib/mutation';
import { usePageVisible } from '../lib/page-visible';
import { useRealtimeConnect, useRealtimeFrames } from '../lib/realtime';

/**
 * Query keys, under the person they belong to: on a shared phone the next person to sign in never sees the last
 * one's notifications, even for a frame. The list is in the reader's language (the server writes its sentences).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  mine: (userId: string) => ['notifications', userId] as const,
  unread: (userId: string) => [...notificationKeys.mine(userId), 'unread'] as const,
  lists: (userId: string) => [...notificationKeys.mine(userId), 'list'] as const,
  list: (userId: string, locale: string) => [...notificationKeys.lists(userId), locale] as const,
  preferences: (userId: string) => [...notificationKeys.mine(userId), 'preferences'] as const,
};

type ListData = InfiniteData<NotificationsPage, string | undefined>;

const listPath = (cursor?: string | null) => `/api/notifications${queryString({ cursor })}`;

/** Where a notification leads when tapped: a reply's, to that reply on its question's page. */
export function notificationHref(target: Notification['target']): string {
  const id = target.id ? encodeURIComponent(target.id) : null;
  switch (target.kind) {
    case 'question':
      if (!id) return '/';
      return target.replyId ? `/questions/${id}#${replyAnchor(target.replyId)}` : `/questions/${id}`;
    case 'conversation':
      return id ? `/chat?c=${id}` : '/chat';
    case 'profile':
      return '/profile';
    case 'reports':
      return '/admin?tab=reports';
  }
}

/** The element id of a reply on its question's page, which a link's `#` names to open there. */
export const replyAnchor = (replyId: string) => `reply-${encodeURIComponent(replyId)}`;

/**
 * How many count frames have come. The socket's frames come in order and each says the count after a change, so a
 * frame that comes while a request is on its way is newer than that request's answer.
 */
let countFrames = 0;

/** A request's answer, and whether a count frame came while it was on its way: that frame's count is newer. */
async function whileFramesCome<T>(request: () => Promise<T>): Promise<{ answer: T; overtaken: boolean }> {
  const framesBefore = countFrames;
  const answer = await request();
  return { answer, overtaken: countFrames !== framesBefore };
}

/** A page of the list, and the bell's count: the page's, unless a count frame came while it was on its way. */
async function fetchPage(client: QueryClient, userId: string, signal: AbortSignal, cursor?: string) {
  const { answer: page, overtaken } = await whileFramesCome(() =>
    api<NotificationsPage>(listPath(cursor), { signal }),
  );
  const framed = overtaken ? client.getQueryData<number>(notificationKeys.unread(userId)) : undefined;
  return { page, unread: framed ?? page.unread };
}

/** Every page of the list answers with the count too: the bell follows it. */
export const notificationsQuery = (client: QueryClient, userId: string, locale: string) =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(userId, locale),
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const { page, unread } = await fetchPage(client, userId, signal, pageParam);
      client.setQueryData(notificationKeys.unread(userId), unread);
      return page;
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/**
 * The bell's count. There is no call for the count alone: the first page of the list answers it, and is kept as
 * the list's first page, so opening /notifications afterwards asks for nothing more.
 */
export const unreadQuery = (client: QueryClient, userId: string, locale: string) =>
  queryOptions({
    queryKey: notificationKeys.unread(userId),
    queryFn: async ({ signal }) => {
      const { page, unread } = await fetchPage(client, userId, signal);
      const list = notificationKeys.list(userId, locale);
      if (!client.getQueryData(list))
        client.setQueryData<ListData>(list, { pages: [page], pageParams: [undefined] });
      return unread;
    },
  });

/**
 * Keeps the count live: the socket says the new count after every change of it (a notification, or one read on
 * another device). A list on screen is fetched again; one not on screen is fetched when it is next shown.
 */
function useNotificationsLive(userId: string | undefined) {
  const client = useQueryClient();
  useRealtimeFrames((frame) => {
    if (!userId || frame.type !== 'notifications') return;
    countFrames += 1;
    client.setQueryData(notificationKeys.unread(userId), frame.unread);
    void client.invalidateQueries({ queryKey: notificationKeys.lists(userId) }, { cancelRefetch: false });
  });
  // What changed before the socket listened came in no frame: read on each connection (by the list, when shown).
  useRealtimeConnect(() => {
    if (!userId) return;
    const lists = notificationKeys.lists(userId);
    const listShown = client.getQueryCache().find({ queryKey: lists, type: 'active' });
    for (const queryKey of listShown ? [lists] : [lists, notificationKeys.unread(userId)])
      void client.invalidateQueries({ queryKey }, { cancelRefetch: false });
  });
}

/** The signed-in person's unread notifications (undefined until known), live. For the bell, which is always there. */
export function useUnreadNotifications(): number | undefined {
  const client = useQueryClient();
  const { user } = useAuth();
  const { locale } = useTranslation();
  useNotificationsLive(user?.id);
  return useQuery({ ...unreadQuery(client, user?.id ?? '', locale), enabled: Boolean(user) }).data;
}

export function useNotifications() {
  const client = useQueryClient();
  const { user } = useAuth();
  const { locale } = useTranslation();
  return useInfiniteQuery({ ...notificationsQuery(client, user?.id ?? '', locale), enabled: Boolean(user) });
}

/** Marks the cached notifications read at once; gives how many of them were unread. */
function markCachedRead(client: QueryClient, userId: string, input: MarkReadInput): number {
  const now = new Date().toISOString();
  const ids = 'ids' in input ? new Set(input.ids) : null;
  const about = (notification: Notification) =>
    !('questionId' in input) ||
    (notification.target.kind === 'question' && notification.target.id === input.questionId);
  const newlyRead = new Set<string>();
  client.setQueriesData<ListData>({ queryKey: notificationKeys.lists(userId) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map((notification) => {
              if (notification.readAt || (ids && !ids.has(notification.id)) || !about(notification))
                return notification;
              newlyRead.add(notification.id);
              return { ...notification, readAt: now };
            }),
          })),
        }
      : data,
  );
  return newlyRead.size;
}

/**
 * Marks some notifications, or all, read. The list and the bell change at once, before the server answers: a tap
 * on a notification leaves the page straight away. The server's count is the bell's when it comes, unless a count
 * frame came meanwhile: that one is newer (a notification written after the read was counted).
 */
export function useMarkRead(config: MutationConfig<{ unread: number }, MarkReadInput> = {}) {
  const client = useQueryClient();
  const userId = useAuth().user?.id ?? '';
  return useMutation({
    ...withConfig(config, {
      mutationFn: async (input: MarkReadInput) => {
        const { answer, overtaken } = await whileFramesCome(() =>
          api<{ unread: number }>('/api/notifications/read', { method: 'POST', body: input }),
        );
        return { ...answer, overtaken };
      },
      onSuccess: ({ unread, overtaken }) => {
        if (!overtaken) client.setQueryData(notificationKeys.unread(userId), unread);
      },
    }),
    onMutate: (input) => {
      const read = markCachedRead(client, userId, input);
      client.setQueryData<number>(notificationKeys.unread(userId), (count) =>
        count === undefined ? count : 'all' in input ? 0 : Math.max(0, count - read),
      );
    },
    // What the list and the bell showed before is fetched again.
    onError: () => void client.invalidateQueries({ queryKey: notificationKeys.mine(userId) }),
  });
}

/**
 * A question's page, open on its replies and on screen: what the person was told about it is read now, the bell's
 * count with it, and what is read is not emailed. Asked again when replies come (`replyCount`) and when the page
 * comes back on screen, only while the bell has something unread. A page left in a background tab reads nothing:
 * its replies are emailed as usual.
 */
export function useReadQuestionNotifications(questionId: string, replyCount: number) {
  const { user } = useAuth();
  // The bell's own count (the same query, so nothing more is fetched), live on its own: the bell is drawn only once
  // the browser is idle, and a reply that comes before must be read here too.
  const unread = useUnreadNotifications();
  const { mutate } = useMarkRead();
  const visible = usePageVisible();
  const hasUnread = typeof unread === 'number' && unread > 0;
  useEffect(() => {
    if (user && hasUnread && visible) mutate({ questionId });
  }, [user, hasUnread, visible, questionId, replyCount, mutate]);
}

/** The member's notification preferences (and the profile frame's data). */
export const PREFERENCES_PATH = '/api/notifications/preferences';

export function useNotificationPreferences() {
  const { user } = useAuth();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: notificationKeys.preferences(userId),
    queryFn: ({ signal }) => api<NotificationPreferences>(PREFERENCES_PATH, { signal }),
    enabled: Boolean(user),
  });
}

const SAVING_PREFERENCES = ['notifications', 'saving-preferences'] as const;

/** The preferences with a change made. */
function applyUpdate(current: NotificationPreferences, update: PreferencesUpdate): NotificationPreferences {
  const types = { ...current.types };
  for (const [type, channels] of Object.entries(update.types ?? {}) as [
    NotificationType,
    Partial<NotificationPreferences['types'][NotificationType]>,
  ][])
    types[type] = { ...types[type], ...channels };
  // The switches a change names (emailDigest, pushShowsTitles, waitingEmail) take its values.
  const switches = Object.entries(update).filter(([key, value]) => key !== 'types' && value !== undefined);
  return { ...current, ...Object.fromEntries(switches), types };
}

/**
 * Saves one change of the preferences; the switch moves at once. The server's answer is taken only from the last
 * of several quick changes, so an earlier answer arriving late never moves a switch back.
 */
export function useUpdatePreferences(
  config: MutationConfig<NotificationPreferences, PreferencesUpdate> = {},
) {
  const client = useQueryClient();
  const key = notificationKeys.preferences(useAuth().user?.id ?? '');
  return useMutation({
    ...withConfig(config, {
      mutationFn: (update: PreferencesUpdate) =>
        api<NotificationPreferences>(PREFERENCES_PATH, { method: 'PUT', body: update }),
      onSuccess: (answer) => {
        if (client.isMutating({ mutationKey: SAVING_PREFERENCES }) <= 1) client.setQueryData(key, answer);
      },
    }),
    mutationKey: SAVING_PREFERENCES,
    onMutate: (update) =>
      client.setQueryData<NotificationPreferences>(key, (current) =>
        current ? applyUpdate(current, update) : current,
      ),
    onError: () => void client.invalidateQueries({ queryKey: key }),
  });
}

/**
 * Turns off the emails of one type from an emailed link, without signing in, when the person taps the page's button
 * (opening the link alone changes nothing: mail scanners open links too). Answers what it turned off.
 */
export function useUnsubscribe(config: MutationConfig<{ type: UnsubscribeScope }, string> = {}) {
  return useMutation(
    withConfig(config, {
      mutationFn: (token) =>
        api<{ type: UnsubscribeScope }>('/api/notifications/unsubscribe', {
          method: 'POST',
          body: { token },
        }),
    }),
  );
}
