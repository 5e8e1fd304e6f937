import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { ArrowUp } from 'lucide-react';
import { useLayoutEffect, useState } from 'react';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { useTranslation } from '../../lib/i18n';
import { ASK_QUESTION } from '../../data/posts';
import { questionKeys, type FeedParams } from '../../data/questions';
import { useRealtimeConnect, useRealtimeFrames, useWatch } from '../../lib/realtime';

/**
 * The questions posted since the list was drawn that it would show: the whole feed counts every one, a topic's list
 * only its own, and a search none (whether one matches is the server's to say). They are counted, never put in the
 * list under the reader's thumb. Left out: the reader's own (the list shows it once it is posted; while a question
 * is being sent, its frame may come before the answer that names it), and any the list has since come to show.
 */
export function useNewQuestions(params: FeedParams, shown: ReadonlySet<string>) {
  const client = useQueryClient();
  const list = JSON.stringify(params);
  const [heard, setHeard] = useState({ list, ids: [] as string[] });
  const asked = useMutationState({
    filters: { mutationKey: ASK_QUESTION },
    select: (mutation) => ({
      pending: mutation.state.status === 'pending',
      id: (mutation.state.data as QuestionDetail | undefined)?.id,
    }),
  });

  useWatch('feed');
  useRealtimeFrames((frame) => {
    if (frame.type !== 'question_posted' || params.q) return;
    if (params.category && frame.category !== params.category) return;
    setHeard((before) => {
      const ids = before.list === list ? before.ids : [];
      return { list, ids: ids.includes(frame.questionId) ? ids : [...ids, frame.questionId] };
    });
  });
  // Frames sent while the socket was down are lost: the list is fetched again instead, in place.
  useRealtimeConnect(({ reconnect }) => {
    if (reconnect) void client.invalidateQueries({ queryKey: questionKeys.feeds });
  });

  const own = new Set(asked.map((mutation) => mutation.id));
  const fresh =
    heard.list === list ? heard.ids.filter((id) => !shown.has(id) && !own.has(id)) : ([] as string[]);
  return {
    count: asked.some((mutation) => mutation.pending) ? 0 : fresh.length,
    clear: () => setHeard({ list, ids: [] }),
  };
}

/** Room above the top of the list for the sticky site header, whose height changes with the width and the language. */
export function useHeaderHeight(): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const header = document.getElementById('site-header');
    if (!header || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(header.offsetHeight));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);
  return height;
}

/**
 * "3 new questions", just under the site header over the list while the list is in view (it covers a card's edge
 * rather than pushing the cards down). The region is always there, so screen readers hear the button when it comes
 * and as the count grows.
 */
export function NewQuestionsButton({
  count,
  onShow,
  headerHeight,
}: {
  count: number;
  onShow: () => void;
  headerHeight: number;
}) {
  const { t } = useTranslation();
  return (
    <div
      aria-live="polite"
      className="sticky z-10 flex h-0 justify-center"
      style={{ top: `calc(${headerHeight}px + 0.5rem)` }}
    >
      {count > 0 && (
        <button
          type="button"
          className="inline-flex h-11 items-center gap-2 rounded-full bg-brand-700 px-5 font-medium whitespace-nowrap text-white shadow-lg hover:bg-brand-800"
          onClick={onShow}
        >
          <ArrowUp aria-hidden="true" className="h-4 w-4" />
          {t('questions.newQuestions', { count })}
        </button>
      )}
    </div>
  );
}
