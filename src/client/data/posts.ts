import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateQuestionInput,
  createReplySchema,
  QuestionDetail,
  reportSchema,
} from '../../shared/schemas/questions';
import type { Locale } from '../../shared/languages';
import type { PostTranslation } from '../../shared/schemas/translations';
import { api } from '../lib/api';
import { withConfig, type MutationConfig } from '../lib/mutation';
import { useAuth } from '../lib/auth';
import { currentLocale } from '../lib/i18n';
import { questionKeys, questionQuery } from './questions';

/** A question or a reply: what a report or a deletion is about. */
export type Post = { kind: 'question' | 'reply'; id: string };

/** Everything about questions is fetched again after a write that changes lists or counts. */
function useInvalidateQuestions() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: questionKeys.all });
    void client.invalidateQueries({ queryKey: questionKeys.allCategories });
  };
}

function postPath({ kind, id }: Post): string {
  return kind === 'question' ? `/api/questions/${id}` : `/api/replies/${id}`;
}

/** The key of a question being asked: the live feed leaves the reader's own new question out of its count. */
export const ASK_QUESTION = ['questions', 'ask'] as const;

/**
 * Asks a question. Its page, where the asker goes next, opens at once with the question as the server answered it
 * (it fetches it again once it listens for replies: features/questions/live-replies.ts).
 */
export function useAskQuestion(config: MutationConfig<QuestionDetail, CreateQuestionInput> = {}) {
  const invalidate = useInvalidateQuestions();
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    ...withConfig(config, {
      mutationFn: (input) => api<QuestionDetail>('/api/questions', { method: 'POST', body: input }),
      onSuccess: (question) => {
        invalidate();
        client.setQueryData(questionQuery(question.id, currentLocale(), user?.id ?? null).queryKey, question);
      },
    }),
    mutationKey: ASK_QUESTION,
  });
}

/** Adds a recorded voice note to a question just posted. */
export function useAddVoiceNote(config: MutationConfig<unknown, { id: string; voice: Blob }> = {}) {
  const invalidate = useInvalidateQuestions();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ id, voice }) => api(`/api/questions/${id}/voice-note`, { method: 'POST', body: voice }),
      onSuccess: invalidate,
    }),
  );
}

type ReplyInput = z.input<typeof createReplySchema>;

export function useReply(config: MutationConfig<unknown, { questionId: string; input: ReplyInput }> = {}) {
  const invalidate = useInvalidateQuestions();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ questionId, input }) =>
        api(`/api/questions/${questionId}/replies`, { method: 'POST', body: input }),
      onSuccess: invalidate,
    }),
  );
}

type ReportInput = z.input<typeof reportSchema>;

/** Reports a question or a reply to the moderators; nothing on screen changes. */
export function useReport(config: MutationConfig<unknown, { post: Post; input: ReportInput }> = {}) {
  return useMutation(
    withConfig(config, {
      mutationFn: ({ post, input }) => api(`${postPath(post)}/report`, { method: 'POST', body: input }),
    }),
  );
}

export function useDeletePost(config: MutationConfig<unknown, Post> = {}) {
  const invalidate = useInvalidateQuestions();
  return useMutation(
    withConfig(config, {
      mutationFn: (post) => api(postPath(post), { method: 'DELETE' }),
      onSuccess: invalidate,
    }),
  );
}

/** A post in the reader's language, translated by the model (kept by the server once made). */
export function useTranslatePost(
  config: MutationConfig<PostTranslation, { post: Post; language: Locale }> = {},
) {
  return useMutation(
    withConfig(config, {
      mutationFn: ({ post, language }) =>
        api<PostTranslation>(`${postPath(post)}/translation`, { method: 'POST', body: { language } }),
    }),
  );
}

/** Its author corrects the language a post is written in; the question is read again. */
export function useSetPostLanguage(config: MutationConfig<unknown, { post: Post; language: Locale }> = {}) {
  const invalidate = useInvalidateQuestions();
  return useMutation(
    withConfig(config, {
      mutationFn: ({ post, language }) =>
        api(`${postPath(post)}/language`, { method: 'PUT', body: { language } }),
      onSuccess: invalidate,
    }),
  );
}
