import { QueryClientProvider, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Question, QuestionDetail, QuestionList } from '../../shared/schemas/questions';
import { json, sampleQuestion, stubFetch } from '../test/helpers';
import { createQueryClient } from '../lib/query';
import { useDeletePost, useReport } from './posts';
import { feedQuestions, questionKeys, useFollow, useLike } from './questions';

const other: Question = { ...sampleQuestion, id: 'q2' };

function withClient(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

const feedKey = [...questionKeys.feed({ sort: 'latest' }, 'en'), null];
const detailKey = [...questionKeys.detail('q1', 'en'), null];

describe('question mutations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("a like writes the server's answer into every cached copy of the question", async () => {
    const fetch = stubFetch(() => json(200, { liked: true, upvotes: 3 }));
    const client = createQueryClient();
    client.setQueryData<InfiniteData<QuestionList>>(feedKey, {
      pages: [{ questions: [sampleQuestion, other], urgent: [sampleQuestion], nextCursor: null }],
      pageParams: [undefined],
    });
    client.setQueryData<QuestionDetail>(detailKey, { ...sampleQuestion, replies: [], claim: null });
    client.setQueryData(questionKeys.mine('saved', 'en'), { questions: [sampleQuestion] });

    const { result } = renderHook(() => useLike(), { wrapper: withClient(client) });
    await act(() => result.current.mutateAsync({ id: 'q1', liked: true }));

    expect(fetch).toHaveBeenCalledWith(
      '/api/questions/q1/like',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ liked: true }) }),
    );
    const feed = client.getQueryData<InfiniteData<QuestionList>>(feedKey)!.pages[0]!;
    expect(feed.questions.map((q) => [q.id, q.liked, q.upvotes])).toEqual([
      ['q1', true, 3],
      ['q2', false, 2],
    ]);
    expect(feed.urgent[0]).toMatchObject({ liked: true, upvotes: 3 });
    expect(client.getQueryData(detailKey)).toMatchObject({ liked: true, upvotes: 3 });
    expect(client.getQueryData(questionKeys.mine('saved', 'en'))).toEqual({
      questions: [{ ...sampleQuestion, liked: true, upvotes: 3 }],
    });
  });

  it('a follow shows in every cached copy before the server answers, and goes back if it refuses', async () => {
    let answer: (response: Response) => void = () => undefined;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const client = createQueryClient();
    client.setQueryData<InfiniteData<QuestionList>>(feedKey, {
      pages: [{ questions: [sampleQuestion, other], urgent: [], nextCursor: null }],
      pageParams: [undefined],
    });
    client.setQueryData<QuestionDetail>(detailKey, { ...sampleQuestion, replies: [], claim: null });
    const followed = () => [
      client.getQueryData<InfiniteData<QuestionList>>(feedKey)!.pages[0]!.questions.map((q) => q.followed),
      client.getQueryData<QuestionDetail>(detailKey)!.followed,
    ];

    const { result } = renderHook(() => useFollow(), { wrapper: withClient(client) });
    act(() => result.current.mutate({ id: 'q1', following: true }));
    await waitFor(() => expect(followed()).toEqual([[true, false], true]));
    act(() => answer(json(403, { error: 'Sign in first.', code: 'FORBIDDEN' })));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(followed()).toEqual([[false, false], false]);
  });

  it('a deletion refetches the question lists, then runs what the screen adds', async () => {
    const fetch = stubFetch(() => json(200, { ok: true }));
    const client = createQueryClient();
    client.setQueryData(questionKeys.mine('mine', 'en'), { questions: [sampleQuestion] });
    client.setQueryData(['categories', 'en'], { categories: [] });
    const onSuccess = vi.fn(() => {
      expect(client.getQueryState(questionKeys.mine('mine', 'en'))?.isInvalidated).toBe(true);
    });

    const { result } = renderHook(() => useDeletePost({ onSuccess }), { wrapper: withClient(client) });
    act(() => result.current.mutate({ kind: 'reply', id: 'r1' }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(fetch).toHaveBeenCalledWith('/api/replies/r1', expect.objectContaining({ method: 'DELETE' }));
    expect(onSuccess).toHaveBeenCalledWith({ ok: true }, { kind: 'reply', id: 'r1' });
    expect(client.getQueryState(['categories', 'en'])?.isInvalidated).toBe(true);
  });

  it('stays pending until the screen has finished what it does on success', async () => {
    stubFetch(() => json(201, { ok: true }));
    let finish: (() => void) | undefined;
    const { result } = renderHook(
      () => useReport({ onSuccess: () => new Promise<void>((resolve) => (finish = resolve)) }),
      { wrapper: withClient(createQueryClient()) },
    );
    act(() => result.current.mutate({ post: { kind: 'question', id: 'q1' }, input: { reason: 'spam' } }));
    await waitFor(() => expect(finish).toBeDefined());
    expect(result.current.isPending).toBe(true);
    act(() => finish!());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });
});

describe('feedQuestions', () => {
  const page = (questions: Question[], nextCursor: string | null): QuestionList => ({
    questions,
    urgent: [],
    nextCursor,
  });

  it("lists the pages' questions in order, each once: the first place stays", () => {
    const third: Question = { ...sampleQuestion, id: 'q3' };
    const pages = [page([sampleQuestion, other], 'next'), page([other, third], null)];
    expect(feedQuestions(pages).map((q) => q.id)).toEqual(['q1', 'q2', 'q3']);
    expect(feedQuestions([])).toEqual([]);
  });
});
