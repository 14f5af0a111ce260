/**
 * Thrown by a record page when the Partner API cannot answer, so that the segment's error boundary shows the
 * friendly "unavailable" state and the response is a 5xx (a crawler keeps the page and retries later, which a
 * 200 error page would not let it do).
 */
export class PageUnavailableError extends Error {
  override name = 'PageUnavailableError';
  constructor(readonly reason: string) {
    super(`Partner API unavailable (${reason})`);
  }
}
