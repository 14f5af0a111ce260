import type { Formatters } from '@/lib/i18n/format';
import type { Messages } from '@/lib/i18n/dictionaries';
import styles from './record-page.module.css';

/** A 0–5 grade as stars, with its value as text for screen readers and the number of reviews. */
export function Grade({
  value,
  count,
  format,
  messages,
}: {
  value: number | null;
  count?: number | null;
  format: Formatters;
  messages: Messages;
}) {
  if (value === null || (count !== undefined && count !== null && count <= 0)) {
    return <span className={styles.muted}>{messages.common.noGrade}</span>;
  }
  const clamped = Math.max(0, Math.min(5, value));
  const text = messages.common.outOf5(format.grade(clamped));
  return (
    <span className={styles.grade}>
      <span className={styles.stars} aria-hidden="true" style={{ ['--grade' as string]: clamped }}>
        ★★★★★
      </span>
      <span className="visually-hidden">{text}</span>
      <span aria-hidden="true">{format.grade(clamped)}</span>
      {count !== undefined && count !== null && (
        <span className={styles.muted}>({messages.common.reviews(count)})</span>
      )}
    </span>
  );
}
