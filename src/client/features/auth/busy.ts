/**
 * A sign-in or sign-up button is busy from the click until the page is left: once signed in, the person is on
 * the way to `next`, and a second click would only send the request again.
 */
export function busyUntilLeft(mutation: { isPending: boolean; isSuccess: boolean }): boolean {
  return mutation.isPending || mutation.isSuccess;
}
