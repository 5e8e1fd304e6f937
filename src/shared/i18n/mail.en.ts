/**
 * The emails, one block per kind: subject, what happened, the button and what to do if it was not you. An email
 * never repeats a password or what a person wrote.
 */
export const mailEn = {
  greeting: 'Hello {{name}},',
  /** For an address not yet shown to be the account's: the email carries nothing its sender chose. */
  greetingPlain: 'Hello,',
  signature: 'Mentor Me',
  footer:
    'Mentor Me helps migrants and international students in Australia. You get this email because of something done on your Mentor Me account.',
  linkHelp: 'If the button does not work, copy this address into your browser:',
  verifyEmail: {
    subject: 'Confirm your email for Mentor Me',
    intro: 'Welcome to Mentor Me. Please confirm that this email address is yours.',
    action: 'Confirm my email',
    expiry: 'The link works once, for 24 hours.',
    notYou: 'If you did not create an account, you can ignore this email.',
  },
  changeEmail: {
    subject: 'Confirm your new email for Mentor Me',
    intro:
      'You asked to use this address for your Mentor Me account. Confirm it and it becomes your sign-in email.',
    action: 'Confirm my new email',
    expiry: 'The link works once, for 24 hours.',
    notYou: 'If you did not ask for this, you can ignore this email: nothing changes.',
  },
  emailChangeNotice: {
    subject: 'Your Mentor Me email is being changed',
    intro:
      'Someone signed in to your Mentor Me account asked to change its email to {{newEmail}}. It changes only when that address is confirmed. If this was you, there is nothing more to do.',
    action: 'This wasn’t me: cancel the change',
    expiry:
      'The button works for 7 days, even after the new address is confirmed: it gives your account this address back and signs out every other device.',
    notYou: 'If this was not you, someone knows your password: after cancelling, choose a new one.',
  },
  emailChangeAttempt: {
    subject: 'Someone tried to use your email on Mentor Me',
    intro:
      'Someone signed in to another Mentor Me account asked to change that account’s email to this address. This address already belongs to your account, so nothing changed.',
    notYou: 'You do not need to do anything: your account, its password and its email stay as they are.',
  },
  resetPassword: {
    subject: 'Reset your Mentor Me password',
    intro:
      'Someone asked to reset the password of your Mentor Me account. Choose a new password with this link.',
    action: 'Choose a new password',
    expiry: 'The link works once, for 60 minutes. A newer request replaces it.',
    notYou: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
  /**
   * Notification emails (modules/notifications/email.ts): one line of news each, never naming who acted and never
   * quoting a message. `title` is the question's or the chat's.
   */
  notification: {
    replies_one: 'New reply to your question “{{title}}”',
    replies_other: '{{count}} new replies to your question “{{title}}”',
    followedReplies_one: 'New reply to “{{title}}”, a question you follow',
    followedReplies_other: '{{count}} new replies to “{{title}}”, a question you follow',
    replyBy: '{{who}} replied to your question “{{title}}”',
    followedReplyBy: '{{who}} replied to “{{title}}”, a question you follow',
    /** Who wrote a reply an email names: `who` above, and before the words it quotes. */
    who: {
      chloe: 'Chloe (AI assistant)',
      mentor: '{{name}} (mentor)',
      /** The asker of an anonymous question: never by name. */
      asker: 'The person who asked',
      someone: 'Someone',
    },
    moreReplies_one: 'And 1 more reply on the page.',
    moreReplies_other: 'And {{count}} more replies on the page.',
    newConversation: 'A student started a conversation with you: “{{title}}”',
    conversationClosed:
      'Your conversation “{{title}}” was closed because its mentor is no longer a mentor. You can choose another mentor.',
    chatMessages_one: 'You have an unread message in “{{title}}”',
    chatMessages_other: 'You have {{count}} unread messages in “{{title}}”',
    mentorVerified: 'Your mentor application was approved: students can now choose you for a chat.',
    mentorDeclined: 'Your mentor application was not approved. Your profile says why.',
    questionRemoved: 'A moderator removed your question “{{title}}”.',
    replyRemoved: 'A moderator removed one of your replies.',
    newReports: 'New reports are waiting for review.',
    topicQuestion: 'New question in a topic you follow: “{{title}}”.',
    conversationReminder: 'A student has waited two days for your first reply in “{{title}}”.',
    conversationNoReply:
      'Your conversation “{{title}}” is closed because no reply came within 7 days. You can choose another mentor.',
    actions: {
      question: 'Read the replies',
      conversation: 'Open the chat',
      profile: 'Open my profile',
      reports: 'Review the reports',
    },
    why: 'You get this email because emails about this are on in your notification settings.',
    unsubscribe: 'Stop emails like this',
    settings: 'Notification settings',
    /** The answer to an unsubscribe link that is damaged or was never ours. */
    unsubscribeInvalid:
      'This unsubscribe link is not valid. Choose your emails in your notification settings.',
  },
  digest: {
    subject_one: 'Your day on Mentor Me: 1 update',
    subject_other: 'Your day on Mentor Me: {{count}} updates',
    intro: 'Here is what happened since your last summary.',
    action: 'Open Mentor Me',
    why: 'You get one summary a day because you chose the daily digest, or emails about topics you follow, in your notification settings.',
    unsubscribe: 'Stop all notification emails',
  },
  /**
   * What a phone's lock screen shows of a push notification (modules/notifications/push.ts): nothing private
   * unless the person chose to see titles.
   */
  push: {
    reply: 'New reply on Mentor Me',
    question: 'New question on Mentor Me',
    message: 'New message on Mentor Me',
    conversation: 'New conversation on Mentor Me',
    other: 'New notification on Mentor Me',
    body: 'Open Mentor Me to see it.',
  },
};
