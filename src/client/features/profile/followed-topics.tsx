import { useId } from 'react';
import { CATEGORIES } from '../../../shared/categories';
import type { User } from '../../../shared/schemas/auth';
import { LoadFailed } from '../../components/load-failed';
import { Card } from '../../components/ui/card';
import { useFollowedTopics, useFollowTopic } from '../../data/follows';
import { useTranslation } from '../../lib/i18n';

/** Every topic with a box to follow it: the one place to see and change them all (the feed has one at a time). */
export function FollowedTopicsCard({ user }: { user: User }) {
  const { t, locale } = useTranslation();
  const titleId = useId();
  const followed = useFollowedTopics();
  const follow = useFollowTopic({ meta: { errorTitle: 'follows.failed' } });
  return (
    <Card>
      <h2 id={titleId} className="text-xl font-semibold">
        {t('follows.title')}
      </h2>
      <p className="mt-1 text-slate-700">{t('follows.text')}</p>
      {user.role === 'mentor' && <p className="mt-1 text-slate-700">{t('follows.mentorText')}</p>}
      {followed.isError ? (
        <LoadFailed text={t('follows.loadFailed')} onRetry={() => void followed.refetch()} />
      ) : (
        <fieldset aria-labelledby={titleId} className="mt-3 grid sm:grid-cols-2 sm:gap-x-4">
          {CATEGORIES.map((category) => (
            <label key={category.slug} className="flex min-h-11 items-center gap-3 py-1 text-slate-900">
              <input
                type="checkbox"
                className="h-6 w-6 shrink-0 accent-brand-700"
                checked={followed.data?.categories.includes(category.slug) ?? false}
                // Until the person's topics come, a box would say the wrong thing half the time.
                disabled={followed.data === undefined}
                onChange={(event) => follow.mutate({ slug: category.slug, following: event.target.checked })}
              />
              {category.name[locale]}
            </label>
          ))}
        </fieldset>
      )}
    </Card>
  );
}
