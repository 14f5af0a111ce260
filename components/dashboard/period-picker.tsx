import type { DashboardMessages } from '@/lib/i18n/dashboard-messages';
import type { Period, PeriodRange } from '@/lib/dashboard/periods';
import styles from './dashboard.module.css';

const QUICK: Exclude<Period, 'custom'>[] = ['today', '7d', '30d', '12m'];

/** Period links (plain navigation, no script) and a custom range form (GET). */
export function PeriodPicker({ range, messages }: { range: PeriodRange; messages: DashboardMessages }) {
  return (
    <nav className={styles.periods} aria-label={messages.periodLabel}>
      <ul className={styles.periodLinks}>
        {QUICK.map((period) => (
          <li key={period}>
            <a
              href={`/partner?period=${period}`}
              aria-current={range.period === period ? 'page' : undefined}
              className={styles.periodLink}
            >
              {messages.periods[period]}
            </a>
          </li>
        ))}
      </ul>
      <form method="get" action="/partner" className={styles.customForm}>
        <input type="hidden" name="period" value="custom" />
        <label>
          {messages.from}{' '}
          <input type="date" name="from" defaultValue={range.from} required className={styles.dateInput} />
        </label>
        <label>
          {messages.to} <input type="date" name="to" defaultValue={range.to} required className={styles.dateInput} />
        </label>
        <button
          type="submit"
          className={styles.button}
          aria-current={range.period === 'custom' ? 'page' : undefined}
          title={messages.periods.custom}
        >
          {messages.apply}
        </button>
      </form>
    </nav>
  );
}
