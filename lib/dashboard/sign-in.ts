import 'server-only';
import { getEnv } from '@/lib/env';
import { problemResponse } from '@/lib/http/problem';
import { clearSignInAttempts, endSession, startSession, takeSignInAttempt, verifyPassword } from './auth';

/** The longest form body a sign-in accepts (a password field and nothing else). */
const MAX_FORM_BYTES = 2048;

function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store', ...headers } });
}

/** A cross-site form post is refused: the dashboard's forms are only ever posted from its own pages. */
function isSameOrigin(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (origin === null) return true;
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The address sign-in attempts are counted against. */
function clientAddress(request: Request): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
}

/**
 * `POST /partner/sign-in`: checks the password (hash against hash, constant time), rate-limited per address; on
 * success starts the session. Every wrong password gets the same redirect, after the same work.
 */
export async function signIn(request: Request): Promise<Response> {
  const stored = getEnv().partnerDashboardPassword;
  if (!stored) return redirect('/partner');
  if (!isSameOrigin(request)) return problemResponse({ status: 403, detail: 'Cross-site sign-in refused.' });
  const length = Number(request.headers.get('content-length') ?? 0);
  if (length > MAX_FORM_BYTES) return problemResponse({ status: 413, detail: 'The sign-in form is too large.' });
  const address = clientAddress(request);
  const wait = takeSignInAttempt(address);
  if (wait !== null) return redirect(`/partner?signin=limited&wait=${wait}`, { 'Retry-After': String(wait) });
  let password = '';
  try {
    const value = (await request.formData()).get('password');
    password = typeof value === 'string' ? value : '';
  } catch {
    return problemResponse({ status: 400, detail: 'Expected a form with a password field.' });
  }
  if (!(await verifyPassword(stored, password))) return redirect('/partner?signin=failed');
  clearSignInAttempts(address);
  await startSession();
  return redirect('/partner');
}

/** `POST /partner/sign-out`: ends the session. */
export async function signOut(request: Request): Promise<Response> {
  if (!isSameOrigin(request)) return problemResponse({ status: 403, detail: 'Cross-site sign-out refused.' });
  await endSession();
  return redirect('/partner');
}
