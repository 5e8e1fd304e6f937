import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MentorDetail,
  MentorProfile,
  MentorProfileUpdate,
  MentorsQuery,
  MentorsResponse,
} from '../../shared/schemas/mentors';
import { api, isMissing, queryString } from '../lib/api';
import { withConfig, type MutationConfig } from '../lib/mutation';

/** The directory's filters, as they stand in the address (`/mentors?topic=housing&language=vi&state=VIC`). */
export type MentorFilters = Pick<MentorsQuery, 'topic' | 'language' | 'state' | 'q'>;

export const mentorKeys = {
  all: ['mentors'] as const,
  list: (filters: MentorFilters) => ['mentors', 'list', filters] as const,
  one: (id: string) => ['mentors', 'one', id] as const,
  similar: (id: string) => ['mentors', 'similar', id] as const,
  ownProfile: ['mentors', 'own-profile'] as const,
};

/** Verified mentors matching the filters, a page at a time, those taking new conversations first. */
export const mentorsQuery = (filters: MentorFilters) =>
  infiniteQueryOptions({
    queryKey: mentorKeys.list(filters),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      api<MentorsResponse>(`/api/mentors${queryString({ ...filters, cursor: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const mentorQuery = (id: string) =>
  queryOptions({
    queryKey: mentorKeys.one(id),
    queryFn: ({ signal }) => api<MentorDetail>(`/api/mentors/${encodeURIComponent(id)}`, { signal }),
  });

/** How many other mentors a student whose conversation closed unanswered is offered. */
const OFFERED_MENTORS = 3;

/**
 * Mentors who take new conversations now and are like `mentorId` (a topic in common, the reader's language): offered
 * to a student whose conversation with that mentor closed without a reply.
 */
export const similarMentorsQuery = (mentorId: string) =>
  queryOptions({
    queryKey: mentorKeys.similar(mentorId),
    queryFn: ({ signal }) =>
      api<MentorsResponse>(`/api/mentors${queryString({ similarTo: mentorId })}`, { signal }),
    select: (page) => page.mentors.slice(0, OFFERED_MENTORS),
  });

/** The mentor asked for is not one (unknown, or no longer a mentor). */
export const mentorMissing = isMissing;

/** A mentor's own profile, as they edit it (and the profile frame's data for a mentor). */
export const OWN_MENTOR_PROFILE_PATH = '/api/me/mentor-profile';

export const ownMentorProfileQuery = () =>
  queryOptions({
    queryKey: mentorKeys.ownProfile,
    queryFn: ({ signal }) => api<MentorProfile>(OWN_MENTOR_PROFILE_PATH, { signal }),
  });

/** A mentor saves their profile; the directory's pages are read again, since a verified mentor's card changed. */
export function useUpdateMentorProfile(config: MutationConfig<MentorProfile, MentorProfileUpdate> = {}) {
  const client = useQueryClient();
  return useMutation(
    withConfig(config, {
      mutationFn: (changes: MentorProfileUpdate) =>
        api<MentorProfile>('/api/me/mentor-profile', { method: 'PATCH', body: changes }),
      onSuccess: async (profile) => {
        client.setQueryData(mentorKeys.ownProfile, profile);
        await client.invalidateQueries({ queryKey: ['mentors', 'list'] });
        await client.invalidateQueries({ queryKey: ['mentors', 'one'] });
        // A mentor follows their topics unless they said otherwise: new topics are followed ones.
        await client.invalidateQueries({ queryKey: ['categories', 'following'] });
      },
    }),
  );
}
