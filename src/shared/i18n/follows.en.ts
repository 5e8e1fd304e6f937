/**
 * English texts of following a topic. `followsEn` loads with the feed (en.ts), `followsPagesEn` with the profile
 * (pages.en.ts) and `followsServerEn` only on the server (server.en.ts); each key exists in follows.vi.ts too.
 */
export const followsEn = {
  follow: 'Follow This Topic',
  following: 'Following',
  failed: 'Could not change the topics you follow',
};

export const followsPagesEn = {
  title: 'Topics I follow',
  text: 'The bell tells you of each new question in a topic you follow. If you turn on emails for them in your notification settings, they come together once a day.',
  mentorText: 'As a mentor you follow your own topics unless you untick them here.',
  loadFailed: 'Could not load the topics you follow',
};

export const followsServerEn = {
  topicNotFound: 'This topic does not exist.',
};
