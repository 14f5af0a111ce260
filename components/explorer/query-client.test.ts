import { describe, expect, it } from 'vitest';
import { backoffDelay, recoveryInterval, RECOVERY_INTERVAL_MS } from './query-client';

const state = (status: 'error' | 'success' | 'pending', error: unknown = null, data: unknown = undefined) =>
  ({ state: { status, error, data } }) as unknown as Parameters<typeof recoveryInterval>[0];

describe('query recovery', () => {
  it('backs off exponentially between retries, up to 30 s', () => {
    expect([1, 2, 3, 4].map(backoffDelay)).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelay(10)).toBe(30_000);
  });

  it('keeps asking while the last answer is a 5xx or a network failure, and stops once it succeeds', () => {
    expect(recoveryInterval(state('error', { status: 502 }))).toBe(RECOVERY_INTERVAL_MS);
    expect(recoveryInterval(state('error', new TypeError('Failed to fetch')))).toBe(RECOVERY_INTERVAL_MS);
    expect(recoveryInterval(state('success'))).toBe(false);
    expect(recoveryInterval(state('pending'))).toBe(false);
  });

  it('keeps asking while the answer comes from the copy because the Partner API fails, and stops once it does not', () => {
    expect(recoveryInterval(state('success', null, { data: [], degraded: true }))).toBe(RECOVERY_INTERVAL_MS);
    expect(recoveryInterval(state('success', null, { data: [], degraded: false }))).toBe(false);
    expect(recoveryInterval(state('success', null, { data: [] }))).toBe(false);
  });

  it('leaves a 4xx alone: asking again will not fix the request', () => {
    expect(recoveryInterval(state('error', { status: 400 }))).toBe(false);
  });
});
