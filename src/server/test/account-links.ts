import { bearer, type SignedUp } from './helpers';
import { linkIn, post, type MailTestContext } from './mail';

/** The new password the account tests choose. */
export const NEW_PASSWORD = 'Quiet-Harbour-Lantern-77';

/**
 * What the account tests do through the API, on the app of `t`: each request from its own address in `subnet`
 * (`10.48`), so one test's per-caller limits do not reach the next.
 */
export function accountActions(t: MailTestContext, subnet: string) {
  let callers = 0;
  const newCaller = () => `${subnet}.${Math.floor(++callers / 250)}.${callers % 250}`;
  return {
    newCaller,
    me: (person: SignedUp) => t.app.inject({ url: '/api/auth/me', headers: bearer(person.token) }),
    changeEmail: (person: SignedUp, email: string, remoteAddress = newCaller(), password = person.password) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        payload: { email, currentPassword: password },
        headers: bearer(person.token),
        remoteAddress,
      }),
    /** The newest email to an address with a link to `page`, and its token. */
    newestLink: async (address: string, page: string) => {
      await t.deliver();
      const mails = t.smtp.to(address).filter((mail) => mail.text.includes(`/${page}?token=`));
      return linkIn(mails.at(-1), page).token;
    },
    verify: (token: string) => post(t.app, '/api/auth/verify-email', { token }),
    cancel: (token: string, headers: Record<string, string> = {}) =>
      post(t.app, '/api/auth/email-change/cancel', { token }, headers),
    resetWith: (token: string) =>
      post(t.app, '/api/auth/password-reset/confirm', { token, password: NEW_PASSWORD }),
    requestReset: (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { email },
        remoteAddress: newCaller(),
      }),
  };
}
