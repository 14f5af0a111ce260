'use client';

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="page-message">
      <h1>Something went wrong</h1>
      <p>We could not show this page. It may be a temporary problem.</p>
      <p className="page-message__actions">
        <button type="button" className="button button--primary" onClick={reset}>
          Try again
        </button>
        {/* A plain link (no next/link chunk in every page's scripts); a full load also resets a broken client state. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/">Back to the map</a>
      </p>
    </main>
  );
}
