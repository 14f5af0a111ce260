import 'server-only';
import { scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';
import { getIronSession, type SessionOptions } from 'iron-session';
import { LRUCache } from 'lru-cache';
import { cookies } from 'next/headers';
import { DASHBOARD_PASSWORD_SCRYPT, getEnv, type PasswordHash } from '@/lib/env';

/** The signed-in partner's session cookie: sealed (iron-session), HttpOnly, SameSite=Strict, only for /partner. */
export const PARTNER_COOKIE_NAME = 'eventmap_partner';
/** A session lasts a working day. */
export const PARTNER_SESSION_SECONDS = 8 * 3600;

/** Sign-in attempts allowed per client address in a window, and the window. */
export const SIGN_IN_ATTEMPTS = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

interface PartnerSession {
  signedInAt?: number;
}

function sessionOptions(): SessionOptions {
  const env = getEnv();
  return {
    password: env.sessionSecret,
    cookieName: PARTNER_COOKIE_NAME,
    ttl: PARTNER_SESSION_SECONDS,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'strict',
      secure: env.nodeEnv === 'production',
      path: '/partner',
    },
  };
}

function scryptAsync(password: BinaryLike, salt: BinaryLike, keyLength: number, options: ScryptOptions) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password, salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/**
 * Whether a candidate is the dashboard password: scrypt of the candidate with the stored salt, compared in constant
 * time. Every wrong password costs the same (one scrypt, one comparison of equal-length hashes), whatever it is.
 */
export async function verifyPassword(stored: PasswordHash, candidate: string): Promise<boolean> {
  const { N, r, p, keyLength } = DASHBOARD_PASSWORD_SCRYPT;
  // Bounded input: scrypt's cost must not depend on what a caller sends.
  const key = await scryptAsync(candidate.slice(0, 200).normalize('NFC'), stored.salt, keyLength, { N, r, p });
  return timingSafeEqual(key, stored.hash);
}

/** Attempts per client address in the current window (a fixed window per address, kept for the window's length). */
const attempts = new LRUCache<string, { count: number; resetAt: number }>({ max: 10_000 });

/** Counts a sign-in attempt; returns the seconds to wait when the address is over its allowance. */
export function takeSignInAttempt(address: string, now = Date.now()): number | null {
  let entry = attempts.get(address);
  if (!entry || entry.resetAt <= now) {
    entry = { count: 0, resetAt: now + SIGN_IN_WINDOW_MS };
    attempts.set(address, entry, { ttl: SIGN_IN_WINDOW_MS });
  }
  entry.count += 1;
  return entry.count > SIGN_IN_ATTEMPTS ? Math.ceil((entry.resetAt - now) / 1000) : null;
}

/** Forgets an address's attempts (after a successful sign-in: the partner is not locked out by their own typos). */
export function clearSignInAttempts(address: string): void {
  attempts.delete(address);
}

/** Whether the dashboard is enabled (PARTNER_DASHBOARD_PASSWORD set). */
export function dashboardEnabled(): boolean {
  return getEnv().partnerDashboardPassword !== null;
}

/** Whether the current request carries a valid partner session. */
export async function isSignedIn(): Promise<boolean> {
  if (!dashboardEnabled()) return false;
  const session = await getIronSession<PartnerSession>(await cookies(), sessionOptions());
  return typeof session.signedInAt === 'number';
}

/** Starts a session (sets the cookie); route handlers only. */
export async function startSession(): Promise<void> {
  const session = await getIronSession<PartnerSession>(await cookies(), sessionOptions());
  session.signedInAt = Date.now();
  await session.save();
}

/** Ends the session (clears the cookie); route handlers only. */
export async function endSession(): Promise<void> {
  const session = await getIronSession<PartnerSession>(await cookies(), sessionOptions());
  session.destroy();
}
