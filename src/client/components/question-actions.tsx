import { Bell, BellRing, Bookmark, Heart, MessageSquare, Share2 } from 'lucide-react';
import { Link } from 'react-router';
import type { Question } from '../../shared/schemas/questions';
import { useAuth } from '../lib/auth';
import { cn } from '../lib/cn';
import { useTranslation } from '../lib/i18n';
import { useBookmark, useFollow, useLike } from '../data/questions';
import { toast } from '../lib/toast';
import { useLoginRequired } from './use-login-required';

/** Like, reply count, share, follow and save: the same on a card and on the question page. */
export function QuestionActions({
  question,
  showReplies = true,
}: {
  question: Question;
  showReplies?: boolean;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const loginRequired = useLoginRequired();
  const like = useLike({ meta: { errorTitle: 'questions.actionFailed' } });
  const bookmark = useBookmark({
    meta: { errorTitle: 'questions.actionFailed' },
    onSuccess: (result) =>
      toast({
        title: t(result.bookmarked ? 'questions.addedToBookmarks' : 'questions.removedFromBookmarks'),
      }),
  });
  const follow = useFollow({
    meta: { errorTitle: 'questions.actionFailed' },
    onSuccess: (result) =>
      toast({ title: t(result.following ? 'questions.followed' : 'questions.unfollowed') }),
  });
  const button =
    'inline-flex h-10 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60';

  const onLike = () => {
    if (!user) return loginRequired('questions.loginToLike');
    like.mutate({ id: question.id, liked: !question.liked });
  };
  const onBookmark = () => {
    if (!user) return loginRequired('questions.loginToBookmark');
    bookmark.mutate({ id: question.id, bookmarked: !question.bookmarked });
  };
  const onFollow = () => {
    if (!user) return loginRequired('questions.loginToFollow');
    follow.mutate({ id: question.id, following: !question.followed });
  };
  const onShare = async () => {
    const url = `${window.location.origin}/questions/${question.id}`;
    try {
      if (navigator.share) {
        await navigator.share({ title: question.title, url });
        return;
      }
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('questions.linkCopied') });
    } catch {
      toast({
        title: t('questions.shareFailed'),
        description: t('questions.shareFailedText'),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={button}
        onClick={onLike}
        disabled={like.isPending}
        aria-pressed={question.liked}
        aria-label={`${t(question.liked ? 'questions.unlike' : 'questions.like')}: ${t('questions.likes', { count: question.upvotes })}`}
      >
        <Heart aria-hidden="true" className={cn('h-5 w-5', question.liked && 'fill-red-600 text-red-600')} />
        <span aria-hidden="true">{question.upvotes}</span>
      </button>
      {showReplies && (
        <Link to={`/questions/${question.id}`} className={button}>
          <MessageSquare aria-hidden="true" className="h-5 w-5" />
          {/* On a phone the count alone, as for likes, so the row (with Follow) stays on one line. */}
          <span aria-hidden="true" className="sm:hidden">
            {question.replyCount}
          </span>
          <span className="sr-only sm:not-sr-only">
            {t('questions.replies', { count: question.replyCount })}
          </span>
        </Link>
      )}
      <button type="button" className={button} onClick={() => void onShare()}>
        <Share2 aria-hidden="true" className="h-5 w-5" />
        <span className="sr-only sm:not-sr-only">{t('questions.share')}</span>
      </button>
      {/* Follow and save wrap together, to the right, when a long name leaves no room on the line. */}
      <div className="ml-auto flex items-center gap-1">
        {/* The name says the state, as the bell does; on a phone's card only the bell shows, for room. */}
        <button
          type="button"
          className={button}
          onClick={onFollow}
          disabled={follow.isPending}
          aria-pressed={question.followed}
        >
          {question.followed ? (
            <BellRing aria-hidden="true" className="h-5 w-5 fill-brand-700 text-brand-700" />
          ) : (
            <Bell aria-hidden="true" className="h-5 w-5" />
          )}
          <span className={cn(showReplies && 'sr-only sm:not-sr-only')}>
            {t(question.followed ? 'questions.following' : 'questions.follow')}
          </span>
        </button>
        <button
          type="button"
          className={button}
          onClick={onBookmark}
          disabled={bookmark.isPending}
          aria-pressed={question.bookmarked}
          aria-label={t(question.bookmarked ? 'questions.unbookmark' : 'questions.bookmark')}
        >
          <Bookmark
            aria-hidden="true"
            className={cn('h-5 w-5', question.bookmarked && 'fill-brand-700 text-brand-700')}
          />
        </button>
      </div>
    </div>
  );
}
