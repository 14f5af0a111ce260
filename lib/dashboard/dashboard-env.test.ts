import { describe, expect, it } from 'vitest';
import { hashDashboardPassword, parseEnv } from '@/lib/env';

describe('dashboard and mirror configuration', () => {
  it('keeps the dashboard password only as a salted hash', () => {
    const env = parseEnv({ PARTNER_DASHBOARD_PASSWORD: 'a-long-partner-password' });
    const stored = env.partnerDashboardPassword!;
    expect(stored.hash.equals(hashDashboardPassword('a-long-partner-password', stored.salt))).toBe(true);
    expect(JSON.stringify(env)).not.toContain('a-long-partner-password');
    // Another process (another salt) stores another hash of the same password.
    const again = parseEnv({ PARTNER_DASHBOARD_PASSWORD: 'a-long-partner-password' }).partnerDashboardPassword!;
    expect(again.hash.equals(stored.hash)).toBe(false);
  });

  it('has defaults, and names a bad key', () => {
    const env = parseEnv({});
    expect(env.partnerDashboardPassword).toBeNull();
    expect(env.partnerDashboardTimeZone).toBe('Europe/Paris');
    expect(env.catalogueMirrorFile).toBe('.data/catalogue-mirror.sqlite');
    expect(env.catalogueSyncIntervalMs).toBe(30_000);
    expect(parseEnv({ CATALOGUE_MIRROR_FILE: 'off', CATALOGUE_SYNC_INTERVAL_SECONDS: '300' })).toMatchObject({
      catalogueMirrorFile: null,
      catalogueSyncIntervalMs: 300_000,
    });
    expect(() => parseEnv({ PARTNER_DASHBOARD_PASSWORD: 'short' })).toThrow(/PARTNER_DASHBOARD_PASSWORD/);
    expect(() => parseEnv({ PARTNER_DASHBOARD_TIME_ZONE: 'Mars/Olympus' })).toThrow(/PARTNER_DASHBOARD_TIME_ZONE/);
    expect(() => parseEnv({ CATALOGUE_SYNC_INTERVAL_SECONDS: '0' })).toThrow(/CATALOGUE_SYNC_INTERVAL_SECONDS/);
  });
});
