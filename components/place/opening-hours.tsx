import type { TPeriod } from '@/lib/contract';
import type { Messages } from '@/lib/i18n/dictionaries';
import type { Formatters } from '@/lib/i18n/format';
import { openingWeek } from '@/lib/records/opening-hours';
import styles from './place.module.css';

/** Opening hours as a Monday-first week table (one row per day, "Closed" when there is no period). */
export function OpeningHours({
  periods,
  messages,
  format,
}: {
  periods: TPeriod[];
  messages: Messages;
  format: Formatters;
}) {
  if (periods.length === 0) return <p className={styles.muted}>{messages.place.noHours}</p>;
  return (
    <table className={styles.hours}>
      <caption className="visually-hidden">{messages.place.openingHours}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{messages.place.day}</th>
          <th scope="col">{messages.place.hours}</th>
        </tr>
      </thead>
      <tbody>
        {openingWeek(periods).map((day) => (
          <tr key={day.day}>
            <th scope="row">{format.weekday(day.day)}</th>
            <td>
              {day.intervals.length === 0 ? (
                <span className={styles.muted}>{messages.place.closed}</span>
              ) : (
                day.intervals
                  .map(
                    (i) => `${format.periodTime(i.open)} – ${format.periodTime(i.close)}${i.overnight ? ' (+1)' : ''}`,
                  )
                  .join(', ')
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
