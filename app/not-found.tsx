import { getMessages } from '@/lib/i18n/dictionaries';
import { getLocale } from '@/lib/i18n/get-locale';

export default async function NotFound() {
  const locale = await getLocale();
  const m = getMessages(locale).notFound;
  return (
    <main id="main" className="page-message" lang={locale}>
      <h1>{m.title}</h1>
      <p>
        {locale === 'fr'
          ? 'Cette page n’existe pas, ou l’événement n’est plus publié.'
          : 'This page does not exist, or the event is no longer listed.'}
      </p>
      <p>
        {/* A plain link: next/link here would put its client chunk into every page's scripts (the root not-found
            is part of each route tree), and a full load is the sturdier way out of an error anyway. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/">{m.back}</a>
      </p>
    </main>
  );
}
