'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n/config';
import { getMessages, type Messages } from '@/lib/i18n/dictionaries';

const LocaleContext = createContext<Locale>(DEFAULT_LOCALE);

/** Gives client components (error boundaries, share button) the locale the server negotiated. */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

/** The negotiated locale and its strings. */
export function useMessages(): { locale: Locale; messages: Messages } {
  const locale = useContext(LocaleContext);
  return { locale, messages: getMessages(locale) };
}
