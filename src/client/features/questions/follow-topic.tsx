import { Check, Plus } from 'lucide-react';
import type { CategorySlug } from '../../../shared/categories';
import { Button } from '../../components/ui/button';
import { useFollowedTopics, useFollowTopic } from '../../data/follows';
import { useTranslation } from '../../lib/i18n';

/** Following the topic the feed shows: its new questions then ring the bell. For members only. */
export function FollowTopicButton({ slug }: { slug: CategorySlug }) {
  const { t } = useTranslation();
  const followed = useFollowedTopics();
  const follow = useFollowTopic({ meta: { errorTitle: 'follows.failed' } });
  const following = followed.data?.categories.includes(slug) ?? false;
  const Icon = following ? Check : Plus;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-pressed={following}
      // Until the person's topics come, the button would say the wrong thing half the time.
      disabled={followed.data === undefined}
      onClick={() => follow.mutate({ slug, following: !following })}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
      {t(following ? 'follows.following' : 'follows.follow')}
    </Button>
  );
}
