/**
 * English texts of "Waiting for you" (/mentor) and of the mentors' waiting email setting. Every key exists in
 * mentoring.vi.ts too (a test enforces it).
 */
export const mentoringEn = {
  title: 'Waiting for you',
  lead: 'Questions no person has answered yet. SOS questions come first, then those in your topics and languages, then the oldest.',
  total_one: '{{count}} question is waiting',
  total_other: '{{count}} questions are waiting',
  totalAtLeast: '{{count}} or more questions are waiting',
  sos: 'SOS',
  matches: 'Your topic and language',
  noTopic: 'No topic',
  waited: {
    minutes_one: 'Waiting {{count}} minute',
    minutes_other: 'Waiting {{count}} minutes',
    hours_one: 'Waiting {{count}} hour',
    hours_other: 'Waiting {{count}} hours',
    days_one: 'Waiting {{count}} day',
    days_other: 'Waiting {{count}} days',
  },
  empty: 'Nothing is waiting right now',
  emptyText: 'Every question has an answer from a person. Thank you for helping.',
  loadFailed: 'The waiting questions could not be loaded.',
  showMore: 'Show More',
  loadingMore: 'Loading…',
  notMentorTitle: 'This page is for verified mentors',
  notMentorText:
    'Mentors see here the questions that still wait for a person’s answer. If you applied to be a mentor, this page opens once an admin has verified your profile.',
  waitingEmail: 'Daily email of questions waiting in my topics',
  waitingEmailHint:
    'At most once a day, and only when a question in your topics and languages has no answer from a person.',
};
