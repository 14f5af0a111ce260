import Link from 'next/link';
import type { Messages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/** Previous/next links for a server-side paginated list (`?page=N`), as a labelled navigation landmark. */
export function Pager({
  basePath,
  page,
  totalPages,
  messages,
  label,
}: {
  basePath: string;
  page: number;
  totalPages: number;
  messages: Messages;
  label: string;
}) {
  if (totalPages <= 1) return null;
  const href = (n: number) => (n <= 1 ? basePath : `${basePath}?page=${n}`);
  return (
    <nav className={styles.pager} aria-label={`${messages.common.pagination} — ${label}`}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className="button">
          ← {messages.common.previous}
        </Link>
      ) : (
        <span />
      )}
      <span aria-current="page">{messages.common.pageOf(page, totalPages)}</span>
      {page < totalPages ? (
        <Link href={href(page + 1)} rel="next" className="button">
          {messages.common.next} →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
