import type { FormattedRow } from '@/lib/dashboard/load-dashboard';
import styles from './dashboard.module.css';

/** A breakdown as a table; each row's commission share is drawn as a bar (decoration: the figures are in the cells). */
export function BreakdownTable({
  id,
  title,
  column,
  rows,
  clicksLabel,
  commissionLabel,
  emptyText,
}: {
  id: string;
  title: string;
  column: string;
  rows: FormattedRow[];
  clicksLabel: string;
  commissionLabel: string;
  emptyText: string;
}) {
  // The folded "others" row (last) would dwarf the bars of the rows it is not one of.
  const max = Math.max(1, ...rows.slice(0, Math.max(1, rows.length - 1)).map((row) => row.cents));
  return (
    <section className={styles.card} aria-labelledby={`${id}-heading`} data-breakdown={id}>
      <h2 id={`${id}-heading`} className={styles.cardTitle}>
        {title}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{column}</th>
              <th scope="col" className={styles.number}>
                {clicksLabel}
              </th>
              <th scope="col" className={styles.number}>
                {commissionLabel}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={i}>
                <th scope="row" className={styles.rowLabel}>
                  <span className={styles.rowText}>{row.label}</span>
                  <span className={styles.share} aria-hidden="true">
                    <span style={{ width: `${Math.min(100, Math.round((row.cents / max) * 100))}%` }} />
                  </span>
                </th>
                <td className={styles.number}>{row.clicksText}</td>
                <td className={styles.number}>{row.commissionText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
