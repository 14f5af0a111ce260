import Link from 'next/link';

export default function NotFound() {
  return (
    <main id="main" className="page-message">
      <h1>Page not found</h1>
      <p>This page does not exist, or the event is no longer listed.</p>
      <p>
        <Link href="/">Back to the map</Link>
      </p>
    </main>
  );
}
