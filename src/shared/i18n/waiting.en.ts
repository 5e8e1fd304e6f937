/**
 * English texts the server writes for "Waiting for you": its errors and the mentors' daily waiting email
 * (src/server/modules/questions/waiting-mail.ts).
 */
export const waitingEn = {
  errors: {
    verifiedMentorsOnly: 'Only verified mentors can see and take waiting questions.',
    claimed: 'Another mentor is already answering this question. Please choose another one.',
    answered: 'This question already has an answer from a person.',
  },
  email: {
    subject_one: '1 question is waiting for a mentor',
    subject_other: '{{count}} questions are waiting for a mentor',
    intro: 'These questions in your topics and languages have no answer from a person yet:',
    item: '{{title}} (waiting {{waited}})',
    action: 'See all waiting questions',
    why: 'You get this email once a day at most because you turned on the waiting questions email in your settings.',
    stop: 'Stop these emails in your settings',
    hours_one: '1 hour',
    hours_other: '{{count}} hours',
    days_one: '1 day',
    days_other: '{{count}} days',
    minutes: 'less than an hour',
  },
};
