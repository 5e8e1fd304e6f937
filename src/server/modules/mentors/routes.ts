import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../shared/schemas/common';
import {
  mentorDetailSchema,
  mentorParamsSchema,
  mentorProfileSchema,
  mentorProfileUpdateSchema,
  mentorsQuerySchema,
  mentorsResponseSchema,
} from '../../../shared/schemas/mentors';
import type { Database } from '../../db/client';
import { errors } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { requestLocale } from '../../plugins/errors';
import { getMentor, listMentors, toMentorProfile, updateMentorProfile } from './service';

const tags = ['mentors'];
const errorReplies = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * The mentors directory (public: verified mentors only, never an email) and a mentor's own profile, which they edit
 * on /profile.
 */
export const mentorRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, opts) => {
  const { db } = opts;

  app.get(
    '/api/mentors',
    {
      schema: {
        tags,
        summary:
          'Verified mentors, filtered by topic, language, state and a search, those free to talk first',
        querystring: mentorsQuerySchema,
        response: { 200: mentorsResponseSchema, ...errorReplies },
      },
    },
    async (request) => listMentors(db, request.user, requestLocale(request), request.query),
  );

  app.get(
    '/api/mentors/:id',
    {
      schema: {
        tags,
        summary: "A verified mentor's profile and newest public answers",
        params: mentorParamsSchema,
        response: { 200: mentorDetailSchema, ...errorReplies },
      },
    },
    async (request) => getMentor(db, request.params.id, requestLocale(request)),
  );

  app.get(
    '/api/me/mentor-profile',
    { schema: { tags, response: { 200: mentorProfileSchema, ...errorReplies } } },
    async (request) => {
      const user = requireUser(request);
      if (user.role !== 'mentor') throw errors.mentorsOnly();
      return toMentorProfile(user);
    },
  );

  app.patch(
    '/api/me/mentor-profile',
    {
      schema: {
        tags,
        summary: 'A mentor edits their profile; a verified mentor’s changes go live and are audited',
        body: mentorProfileUpdateSchema,
        response: { 200: mentorProfileSchema, ...errorReplies },
      },
    },
    async (request) => updateMentorProfile(db, requireUser(request), request.body),
  );
};
