import 'server-only';
import { headers } from 'next/headers';

/**
 * The public origin of this request (`https://events.example`), for canonical and OpenGraph URLs. Behind a proxy it
 * honours `X-Forwarded-Proto`/`-Host`; the host is validated so a forged header cannot inject markup or paths.
 */
export async function getSiteOrigin(): Promise<string> {
  const list = await headers();
  const host = (list.get('x-forwarded-host') ?? list.get('host') ?? 'localhost:3000').split(',')[0]!.trim();
  const proto = (list.get('x-forwarded-proto') ?? 'http').split(',')[0]!.trim();
  const safeHost = /^[a-z0-9.-]+(:\d{1,5})?$/i.test(host) ? host : 'localhost:3000';
  return `${proto === 'https' ? 'https' : 'http'}://${safeHost}`;
}
