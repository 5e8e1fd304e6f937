/** English texts of the step after sign-up, "Check your email" (/check-email); under `checkEmail` in pages.en.ts. */
export const checkEmailEn = {
  title: 'Check your email',
  lead: 'One more step: confirm that the address you gave is yours.',
  sent: 'We sent a link to {{email}}. Open it to confirm your address.',
  wait: 'It can take a few minutes to arrive. If you cannot find it, look in your spam or junk folder.',
  why: 'Until you confirm it, we cannot email you when someone replies to your questions.',
  resend: 'Send the Link Again',
  resending: 'Sending…',
  wrongTitle: 'Wrong address?',
  change: 'Change It',
  changeText:
    'Type the right address and your password. We send the link there, and the address you gave before can no longer be used with your account.',
  newEmail: 'Right email address',
  password: 'Your password',
  submit: 'Send the Link There',
  changing: 'Sending…',
  changed: 'Your address is now {{email}}. We sent the link there.',
  changeFailed: 'Could not change your address',
  later: 'Continue, and Confirm Later',
  confirmed: 'Your email {{email}} is confirmed.',
  continue: 'Continue',
};
