'use client';

/** The root error page speaks the page's language (the root layout's `lang`): it renders outside every provider. */
const TEXT = {
  en: {
    title: 'Something went wrong',
    body: 'We could not show this page. It may be a temporary problem.',
    retry: 'Try again',
    back: 'Back to the map',
  },
  fr: {
    title: 'Un problème est survenu',
    body: 'Nous n’avons pas pu afficher cette page. Le problème est peut-être passager.',
    retry: 'Réessayer',
    back: 'Retour à la carte',
  },
};

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = typeof document !== 'undefined' && document.documentElement.lang === 'fr' ? TEXT.fr : TEXT.en;
  return (
    <main id="main" className="page-message">
      <h1>{t.title}</h1>
      <p>{t.body}</p>
      <p className="page-message__actions">
        <button type="button" className="button button--primary" onClick={reset}>
          {t.retry}
        </button>
        {/* A plain link (no next/link chunk in every page's scripts); a full load also resets a broken client state. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/">{t.back}</a>
      </p>
    </main>
  );
}
