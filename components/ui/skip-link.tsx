/** The first Tab stop of a page: jumps past the header to where the page's content starts. */
export function SkipLink({ href, children }: { href: string; children: string }) {
  return (
    <a className="skip-link" href={href}>
      {children}
    </a>
  );
}
