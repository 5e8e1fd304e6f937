import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import type { QuestionDetail, Reply } from '../../../shared/schemas/questions';
import { chloeReplyKeys } from '../../data/chloe';
import { questionKeys } from '../../data/questions';
import { useRealtimeConnect, useRealtimeFrames, useWatch } from '../../lib/realtime';

/**
 * Keeps a question's replies current while its page is open: a reply posted (a person's or Chloe's) is fetched
 * with the question, and shows in place; the reply form is left alone, so a draft stays. Returns the newest reply
 * heard of that someone else wrote, for the page to announce; the reader's own is announced by its form.
 */
export function useLiveReplies(question: QuestionDetail, catchUp = false): Reply | undefined {
  const client = useQueryClient();
  const [heard, setHeard] = useState<string[]>([]);
  const refetch = () => client.invalidateQueries({ queryKey: questionKeys.anyDetail(question.id) });
  // Whether Chloe's answer is still coming (asked for only while the asker waits for it).
  const recheckChloe = () => client.invalidateQueries({ queryKey: chloeReplyKeys.status(question.id) });

  useWatch(`question:${question.id}`);
  // `catchUp`: the page opened with the question as it was posted (the asker's, right after asking). Once it listens,
  // it fetches it again, so a reply that came meanwhile (Chloe's comes within seconds) is not missed.
  const catchUpNow = useEffectEvent(() => {
    if (catchUp) void refetch();
  });
  useEffect(() => catchUpNow(), []);
  useRealtimeFrames((frame) => {
    if (frame.type === 'chloe_no_reply' && frame.questionId === question.id) return void recheckChloe();
    if (frame.type !== 'reply_posted' || frame.questionId !== question.id) return;
    setHeard((ids) => [...ids, frame.replyId]);
    void refetch();
  });
  // Replies posted before the socket listened (it opens after the page, seconds later on a slow phone) or while it
  // was down were not heard of: the page catches up without a word.
  useRealtimeConnect(() => {
    void refetch();
    void recheckChloe();
  });

  return question.replies.findLast((reply) => heard.includes(reply.id) && !reply.isOwn);
}
