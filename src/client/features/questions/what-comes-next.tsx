import { useQuery } from '@tanstack/react-query';
import { BellRing, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import type { QuestionDetail } from '../../../shared/schemas/questions';
import { useTranslation } from '../../lib/i18n';
import { chloeReplyQuery } from '../../data/chloe';
import type { AskedState } from '../../data/questions';

/**
 * Chloe's answer is on its way: the asker has just asked, it has not come yet (it comes live, replies.tsx), and she
 * has not said she has nothing on it (`passed`: the question waits for a person).
 */
export function useChloeReply(question: QuestionDetail): { answering: boolean; passed: boolean } {
  const { state } = useLocation();
  const justAsked = (state as Partial<AskedState> | null)?.asked === true;
  const waiting = justAsked && question.isOwn && !question.replies.some((reply) => reply.isAiReply);
  const status = useQuery(chloeReplyQuery(question.id, waiting)).data?.status;
  const passed = waiting && status === 'no-reply';
  return { answering: waiting && !passed && status !== 'failed', passed };
}

/**
 * What the asker can expect, on their question's page: Chloe answering while her answer is on its way, and, until
 * a person has replied, that they will be told when one does (they follow their own question).
 */
export function WhatComesNext({ question }: { question: QuestionDetail }) {
  const { t } = useTranslation();
  const { answering: chloeAnswering, passed } = useChloeReply(question);
  // The page opened waiting for Chloe: when her answer is in, the status says so (it may come by the page's catch-up,
  // which the replies' own region does not announce).
  const [waitedForChloe] = useState(chloeAnswering);
  const personReplied = question.replies.some((reply) => !reply.isAiReply && !reply.isOwn);
  const told = question.isOwn && question.followed && !personReplied;
  return (
    <>
      <p role="status" className={chloeAnswering || passed ? 'mt-4' : 'sr-only'}>
        {chloeAnswering ? (
          <span className="flex items-center gap-2 rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 font-medium text-brand-900">
            <LoaderCircle aria-hidden="true" className="h-5 w-5 shrink-0 motion-safe:animate-spin" />
            {t('questions.chloeAnswering')}
          </span>
        ) : passed ? (
          <span className="block rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
            {t('questions.chloeNoReply')}
          </span>
        ) : (
          waitedForChloe && t('questions.chloeReplied')
        )}
      </p>
      {told && (
        <p className="mt-3 flex items-start gap-2 text-slate-700">
          <BellRing aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" />
          {t('questions.weWillTell')}
        </p>
      )}
    </>
  );
}
