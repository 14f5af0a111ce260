import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { getBrand } from '@/lib/brand/get-brand';
import { LOCALE_COOKIE, type Locale } from './config';
import { negotiateLocale } from './negotiate';

/** The locale of the current request (switcher cookie, then `Accept-Language`, then the brand's default), memoized per render. */
export const getLocale = cache(async (): Promise<Locale> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return negotiateLocale(
    headerList.get('accept-language'),
    cookieStore.get(LOCALE_COOKIE)?.value,
    getBrand().defaultLocale,
  );
});
