'use client';

import Link from 'next/link';

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <main id="main" className="page-message">
      <h1>Something went wrong</h1>
      <p>We could not show this page. It may be a temporary problem.</p>
      <p className="page-message__actions">
        <button type="button" className="button button--primary" onClick={reset}>
          Try again
        </button>
        <Link href="/">Back to the map</Link>
      </p>
    </main>
  );
}
