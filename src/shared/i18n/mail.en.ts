/**
 * The emails, one block per kind: subject, what happened, the button and what to do if it was not you. An email
 * never repeats a password or what a person wrote.
 */
export const mailEn = {
  greeting: 'Hello {{name}},',
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
      'Someone signed in to your Mentor Me account asked to change its email to {{newEmail}}. It changes only when that address is confirmed.',
    notYou:
      'If this was not you, sign in and change your password now: that ends every other session. This address keeps working until the new one is confirmed.',
  },
  resetPassword: {
    subject: 'Reset your Mentor Me password',
    intro:
      'Someone asked to reset the password of your Mentor Me account. Choose a new password with this link.',
    action: 'Choose a new password',
    expiry: 'The link works once, for 60 minutes. A newer request replaces it.',
    notYou: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  },
};
