import { LanguageSwitcher } from '@/components/i18n/language-switcher';
import type { ChangeFigure, DashboardView } from '@/lib/dashboard/load-dashboard';
import { INTL_LOCALE } from '@/lib/i18n/config';
import { BreakdownTable } from './breakdown-table';
import styles from './dashboard.module.css';
import { PeriodPicker } from './period-picker';
import { SignInForm } from './sign-in-form';
import { TimeChart } from './time-chart';

function Change({ figure, label, none }: { figure: ChangeFigure; label: string; none: string }) {
  if (figure.direction === 'none') return <p className={styles.change}>{none}</p>;
  return (
    <p className={`${styles.change} ${styles[figure.direction]}`}>
      <span className={styles.changeValue}>{figure.text}</span> {label}
    </p>
  );
}

/** The `/partner` page: disabled notice, sign-in, or the clicks-and-commission dashboard. */
export function PartnerDashboard({ view }: { view: DashboardView }) {
  const { messages, locale } = view;
  if (view.kind === 'disabled') {
    return (
      <main id="main" className={styles.page}>
        <section className={styles.signIn}>
          <h1>{messages.disabledTitle}</h1>
          <p>{messages.disabledBody}</p>
          <p>{messages.disabledHow}</p>
        </section>
      </main>
    );
  }
  if (view.kind === 'sign-in') {
    return (
      <main id="main" className={styles.page}>
        <div className={styles.topRight}>
          <LanguageSwitcher locale={locale} />
        </div>
        <SignInForm messages={messages} notice={view.notice} />
      </main>
    );
  }
  const { data } = view;
  return (
    <main id="main" className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{messages.title}</h1>
        <div className={styles.headerActions}>
          <LanguageSwitcher locale={locale} />
          <a href="/embed/snippet">{messages.embedBuilderLink}</a>
          <a href={data.docsHref}>{messages.apiDocs}</a>
          <form method="post" action="/partner/sign-out">
            <button type="submit" className={styles.linkButton}>
              {messages.signOut}
            </button>
          </form>
        </div>
      </header>

      <PeriodPicker range={data.range} messages={messages} />

      <Alerts data={data} messages={messages} />

      <Totals data={data} messages={messages} />

      <Charts data={data} messages={messages} locale={locale} />

      {data.factsPending && <p className={styles.muted}>{messages.factsPending}</p>}
      <div className={styles.breakdowns}>
        {data.breakdowns.map((breakdown) => (
          <BreakdownTable
            key={breakdown.id}
            id={breakdown.id}
            title={breakdown.title}
            column={breakdown.column}
            rows={breakdown.rows}
            clicksLabel={messages.clicks}
            commissionLabel={messages.commission}
            emptyText={messages.noClicks}
          />
        ))}
      </div>

      <LatestClicks data={data} messages={messages} />
    </main>
  );
}

type Loaded = Extract<DashboardView, { kind: 'dashboard' }>;
interface SectionProps {
  data: Loaded['data'];
  messages: Loaded['messages'];
}

/** A period that cannot be read, or clicks the upstream could not serve (what was loaded before stays shown). */
function Alerts({ data, messages }: SectionProps) {
  return (
    <>
      {data.periodError && (
        <p role="alert" className={styles.alert}>
          {messages.periodError}
        </p>
      )}
      {data.neverLoaded ? (
        <p role="alert" className={styles.alert}>
          {messages.upstreamNeverLoaded}
        </p>
      ) : (
        data.upstreamError && (
          <p role="alert" className={styles.alert} data-upstream-error>
            {messages.upstreamFailed(data.upstreamError)}
          </p>
        )
      )}
    </>
  );
}

/** Clicks and commission of the period, each with its change against the previous period; the CSV export. */
function Totals({ data, messages }: SectionProps) {
  return (
    <section
      className={styles.totals}
      aria-label={messages.periods[data.range.period]}
      data-period-start={new Date(data.range.startMs).toISOString()}
      data-period-end={new Date(data.range.endMs).toISOString()}
    >
      <div className={styles.total} data-total="clicks">
        <h2 className={styles.totalLabel}>{messages.clicks}</h2>
        <p className={styles.totalValue}>{data.totals.clicks}</p>
        <Change figure={data.totals.clicksChange} label={messages.previousPeriod} none={messages.noPrevious} />
      </div>
      <div className={styles.total} data-total="commission">
        <h2 className={styles.totalLabel}>{messages.commission}</h2>
        <p className={styles.totalValue}>{data.totals.commission}</p>
        <Change figure={data.totals.commissionChange} label={messages.previousPeriod} none={messages.noPrevious} />
      </div>
      <div className={styles.meta}>
        {data.lastUpdated && <p className={styles.muted}>{messages.lastUpdated(data.lastUpdated)}</p>}
        <p className={styles.muted}>{data.timeZone}</p>
        <a href={data.exportHref} className={styles.button} download>
          {messages.exportCsv}
        </a>
      </div>
    </section>
  );
}

/** Clicks and commission over time, as two SVG charts and one table twin for screen readers. */
function Charts({ data, messages, locale }: SectionProps & { locale: Loaded['locale'] }) {
  const tag = INTL_LOCALE[locale];
  const integer = new Intl.NumberFormat(tag);
  const euros = new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const description = messages.chartDescription(data.seriesRange.from, data.seriesRange.to);
  return (
    <section className={styles.card} aria-labelledby="chart-heading">
      <h2 id="chart-heading" className={styles.cardTitle}>
        {messages.chartTitle}
      </h2>
      <div className={styles.charts}>
        <TimeChart
          id="clicks-chart"
          title={messages.clicksChart}
          description={description}
          points={data.series.map((p) => ({
            axisLabel: p.axisLabel,
            label: p.label,
            value: p.clicks,
            valueText: p.clicksText,
          }))}
          format={(value) => integer.format(value)}
          tone="primary"
          tableId="chart-table"
        />
        <TimeChart
          id="commission-chart"
          title={messages.commissionChart}
          description={description}
          points={data.series.map((p) => ({
            axisLabel: p.axisLabel,
            label: p.label,
            value: p.cents / 100,
            valueText: p.commissionText,
          }))}
          format={(value) => euros.format(value)}
          tone="accent"
          tableId="chart-table"
        />
      </div>
      {/* A table grows to its content whatever its width: the wrapper is what hides it (and keeps the page narrow). */}
      <div className="visually-hidden">
        <table id="chart-table">
          <caption>
            {messages.chartTitle} — {description}
          </caption>
          <thead>
            <tr>
              <th scope="col">{messages.tableDate}</th>
              <th scope="col">{messages.clicks}</th>
              <th scope="col">{messages.commission}</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((point, i) => (
              <tr key={i}>
                <th scope="row">{point.label}</th>
                <td>{point.clicksText}</td>
                <td>{point.commissionText}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The latest clicks of the period, newest first. */
function LatestClicks({ data, messages }: SectionProps) {
  return (
    <section className={styles.card} aria-labelledby="latest-heading" data-latest>
      <h2 id="latest-heading" className={styles.cardTitle}>
        {messages.latest}
      </h2>
      {data.latest.length === 0 ? (
        <p className={styles.muted}>{messages.noClicks}</p>
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{messages.time}</th>
                <th scope="col">{messages.event}</th>
                <th scope="col">{messages.source}</th>
                <th scope="col" className={styles.number}>
                  {messages.commission}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.latest.map((click, i) => (
                <tr key={i} data-event-id={click.eventId}>
                  <td>
                    <time dateTime={click.iso}>{click.time}</time>
                  </td>
                  <td>
                    <a href={`/events/${click.eventId}`}>{click.event}</a>
                  </td>
                  <td>{click.source}</td>
                  <td className={styles.number}>{click.commission}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
