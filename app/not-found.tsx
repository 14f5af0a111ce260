export default function NotFound() {
  return (
    <main id="main" className="page-message">
      <h1>Page not found</h1>
      <p>This page does not exist, or the event is no longer listed.</p>
      <p>
        {/* A plain link: next/link here would put its client chunk into every page's scripts (the root not-found
            is part of each route tree), and a full load is the sturdier way out of an error anyway. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- see above */}
        <a href="/">Back to the map</a>
      </p>
    </main>
  );
}
