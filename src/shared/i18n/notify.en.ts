/**
 * The bell's sentences, written by the server in the reader's language when it lists their notifications. `name` is
 * who acted, `title` the question's or the chat's title.
 */
export const notifyEn = {
  /** Who acted, when their name cannot be shown (an account since deleted). */
  someone: 'Someone',
  replyToMine: '{{name}} replied to your question “{{title}}”',
  chloeReplyToMine: 'Chloe replied to your question “{{title}}”',
  replyToFollowed: '{{name}} replied to “{{title}}”, a question you follow',
  chloeReplyToFollowed: 'Chloe replied to “{{title}}”, a question you follow',
  /** The asker of an anonymous question replied: never by name. */
  askerReplyToFollowed: 'The person who asked replied to “{{title}}”, a question you follow',
  newConversation: '{{name}} started a conversation with you: “{{title}}”',
  conversationClosed:
    'Your conversation “{{title}}” with {{name}} is closed: {{name}} is no longer a mentor. You can choose another mentor.',
  chatMessage_one: 'New message from {{name}} in “{{title}}”',
  chatMessage_other: '{{count}} new messages from {{name}} in “{{title}}”',
  mentorVerified: 'Your mentor application was approved: students can now choose you for a chat.',
  mentorDeclined: 'Your mentor application was declined: {{reason}}',
  questionRemoved: 'A moderator removed your question “{{title}}”',
  replyRemoved: 'A moderator removed your reply “{{title}}”',
  newReports: 'New reports are waiting for review.',
  topicQuestion: 'New question in a topic you follow: “{{title}}”',
  conversationReminder: '{{name}} has waited two days for your first reply in “{{title}}”',
  conversationNoReply:
    'Your conversation “{{title}}” with {{name}} is closed: no reply came within 7 days. You can choose another mentor.',
  /** The title of what a notification opens, when it is not a question or a chat. */
  targets: {
    mentorApplication: 'Your mentor application',
    reports: 'Reports',
  },
};
