'use client';

/**
 * The first Tab stop of a page: jumps past the header to where the page's content starts. With JavaScript it moves
 * the focus itself instead of following the `#hash`: a hash navigation adds a history entry the App Router does not
 * own, and Back to it from a later page would change the URL without rendering the page.
 */
export function SkipLink({ href, children }: { href: `#${string}`; children: string }) {
  return (
    <a
      className="skip-link"
      href={href}
      onClick={(e) => {
        const target = document.getElementById(href.slice(1));
        if (!target) return;
        e.preventDefault();
        target.focus();
        target.scrollIntoView({ block: 'nearest' });
      }}
    >
      {children}
    </a>
  );
}
