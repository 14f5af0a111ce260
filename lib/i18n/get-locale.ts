import 'server-only';
import { cookies, headers } from 'next/headers';
import { cache } from 'react';
import { LOCALE_COOKIE, type Locale } from './config';
import { negotiateLocale } from './negotiate';

/** The locale of the current request (switcher cookie, then `Accept-Language`), memoized per render. */
export const getLocale = cache(async (): Promise<Locale> => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return negotiateLocale(headerList.get('accept-language'), cookieStore.get(LOCALE_COOKIE)?.value);
});
