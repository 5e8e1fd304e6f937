import { BellOff, BellRing } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { Role } from '../../shared/constants';
import type { User } from '../../shared/schemas/auth';
import { NOTIFICATION_TYPES, type NotificationType } from '../../shared/limits';
import type { NotificationPreferences } from '../../shared/schemas/notifications';
import { useTranslation } from '../lib/i18n';
import { useNotificationPreferences, useUpdatePreferences } from '../data/notifications';
import { useDisablePush, useEnablePush, usePushState } from '../data/push';
import { toast } from '../lib/toast';
import { LoadFailed } from './load-failed';
import { Button } from './ui/button';
import { Card, Skeleton } from './ui/card';

/** Types that only come to one role; every other type can come to anyone. */
const ONLY_FOR: Partial<Record<NotificationType, Role>> = {
  new_conversation: 'mentor',
  conversation_closed: 'student',
  conversation_reminder: 'mentor',
  conversation_no_reply: 'student',
  mentor_verified: 'mentor',
  mentor_declined: 'mentor',
  new_reports: 'admin',
};

const checkbox = 'h-6 w-6 accent-brand-700';

/** A switch with its label and what it means, the whole row a target for a finger. */
function Choice(props: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const hintId = useId();
  return (
    <label className="flex min-h-11 items-start gap-3 py-2 text-slate-900">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
        aria-describedby={hintId}
        className={`${checkbox} mt-0.5 shrink-0`}
      />
      <span>
        <span className="block font-medium">{props.label}</span>
        <span id={hintId} className="block text-sm text-slate-600">
          {props.hint}
        </span>
      </span>
    </label>
  );
}

/** For each type the person can get, a row with its email and alert switches. */
function TypesTable({
  role,
  preferences,
  onChange,
}: {
  role: Role;
  preferences: NotificationPreferences;
  onChange: (type: NotificationType, channel: 'email' | 'push', on: boolean) => void;
}) {
  const { t } = useTranslation();
  const types = NOTIFICATION_TYPES.filter(
    (type) => preferences.types[type] && (!ONLY_FOR[type] || ONLY_FOR[type] === role),
  );
  const cell = (type: NotificationType, channel: 'email' | 'push') => (
    <td className="w-16 py-1 text-center sm:w-24">
      {/* The cell is the target: a finger that misses the box by a little still toggles it. */}
      <label className="inline-flex h-11 w-11 cursor-pointer items-center justify-center">
        <input
          type="checkbox"
          checked={preferences.types[type][channel]}
          onChange={(event) => onChange(type, channel, event.target.checked)}
          aria-label={`${t(`notifications.types.${type}`)}: ${t(`notifications.${channel}`)}`}
          className={checkbox}
        />
      </label>
    </td>
  );
  return (
    <table className="mt-4 w-full border-collapse">
      <caption className="sr-only">{t('notifications.settingsText')}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-sm text-slate-700">
          <td />
          <th scope="col" className="pb-2 align-bottom font-medium">
            {t('notifications.email')}
          </th>
          <th scope="col" className="pb-2 align-bottom font-medium">
            {t('notifications.push')}
          </th>
        </tr>
      </thead>
      <tbody>
        {types.map((type) => (
          <tr key={type} className="border-b border-slate-100">
            <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900">
              {t(`notifications.types.${type}`)}
            </th>
            {cell(type, 'email')}
            {cell(type, 'push')}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Alerts on this device: turned on from a tap here, or why they cannot be, in plain words. */
function DeviceAlerts() {
  const { t } = useTranslation();
  const titleId = useId();
  const state = usePushState();
  const enable = useEnablePush({
    meta: { errorTitle: 'notifications.pushEnableFailed' },
    onSuccess: (result) => void (result === 'on' && toast({ title: t('notifications.pushEnabled') })),
  });
  const disable = useDisablePush({ meta: { errorTitle: 'notifications.pushDisableFailed' } });
  const current = state.data;
  const busy = enable.isPending || disable.isPending;
  const said: Record<NonNullable<typeof current>, string> = {
    unsupported: t('notifications.pushUnsupported'),
    install: t('notifications.pushInstallFirst'),
    blocked: t('notifications.pushBlocked'),
    off: t('notifications.pushOff'),
    on: t('notifications.pushOn'),
  };
  const switchable = current === 'on' || current === 'off';
  let label: ReactNode = null;
  if (current === 'on')
    label = disable.isPending ? t('notifications.turningOff') : t('notifications.turnOff');
  if (current === 'off') label = enable.isPending ? t('notifications.turningOn') : t('notifications.turnOn');
  return (
    <section aria-labelledby={titleId} className="mt-6 border-t border-slate-200 pt-4">
      <h3 id={titleId} className="text-lg font-semibold text-slate-900">
        {t('notifications.pushTitle')}
      </h3>
      <p className="mt-1 text-slate-700">{t('notifications.pushText')}</p>
      <p aria-live="polite" className="mt-2 font-medium text-slate-900">
        {current ? said[current] : ''}
      </p>
      {switchable && (
        // One button whose job changes, so a keyboard user keeps their place when it does.
        <Button
          className="mt-3"
          variant={current === 'on' ? 'secondary' : 'primary'}
          disabled={busy}
          onClick={() => (current === 'on' ? disable.mutate() : enable.mutate())}
        >
          {current === 'on' ? (
            <BellOff aria-hidden="true" className="h-5 w-5" />
          ) : (
            <BellRing aria-hidden="true" className="h-5 w-5" />
          )}
          {label}
        </Button>
      )}
    </section>
  );
}

/**
 * The Notifications section of /profile: what the person is told about by email and by alert, the daily digest,
 * the lock screen's privacy, and alerts on this device. Each switch saves as it moves. `#notifications` (the link
 * of /unsubscribe) brings it into view once it has loaded.
 */
export function NotificationSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  const titleId = useId();
  const preferences = useNotificationPreferences();
  const update = useUpdatePreferences({ meta: { errorTitle: 'notifications.saveFailed' } });
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const loaded = Boolean(preferences.data);
  useEffect(() => {
    if (!loaded || hash !== '#notifications' || !section.current) return;
    // Below the sticky header, whose height changes with the screen's width, with the card's edge in view.
    const header = document.getElementById('site-header')?.offsetHeight ?? 0;
    const top = section.current.getBoundingClientRect().top + window.scrollY - header - 32;
    window.scrollTo({ top });
  }, [loaded, hash]);

  const data = preferences.data;
  return (
    <Card>
      <section ref={section} id="notifications" aria-labelledby={titleId}>
        <h2 id={titleId} className="text-xl font-semibold">
          {t('notifications.settingsTitle')}
        </h2>
        <p className="mt-1 text-slate-700">{t('notifications.settingsText')}</p>
        {!user.emailVerified && !user.isDemo && (
          <p className="mt-2 text-sm text-amber-900">{t('notifications.emailNotConfirmed')}</p>
        )}
        {preferences.isPending && (
          <div aria-hidden="true" className="mt-4 space-y-3">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        )}
        {preferences.isError && (
          <LoadFailed
            text={t('notifications.settingsLoadFailed')}
            onRetry={() => void preferences.refetch()}
          />
        )}
        {data && (
          <>
            <TypesTable
              role={user.role}
              preferences={data}
              onChange={(type, channel, on) => update.mutate({ types: { [type]: { [channel]: on } } })}
            />
            <div className="mt-4 space-y-1">
              <Choice
                label={t('notifications.digest')}
                hint={t('notifications.digestHint')}
                checked={data.emailDigest}
                onChange={(on) => update.mutate({ emailDigest: on })}
              />
              <Choice
                label={t('notifications.showTitles')}
                hint={t('notifications.showTitlesHint')}
                checked={data.pushShowsTitles}
                onChange={(on) => update.mutate({ pushShowsTitles: on })}
              />
              {user.role === 'mentor' && (
                <Choice
                  label={t('mentoring.waitingEmail')}
                  hint={t('mentoring.waitingEmailHint')}
                  checked={data.waitingEmail}
                  onChange={(on) => update.mutate({ waitingEmail: on })}
                />
              )}
            </div>
          </>
        )}
        <DeviceAlerts />
      </section>
    </Card>
  );
}
