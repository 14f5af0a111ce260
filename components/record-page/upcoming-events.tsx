import { EventLinkList } from '@/components/event/event-link-list';
import styles from '@/components/place/place.module.css';
import type { TEvent } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import type { Messages } from '@/lib/i18n/dictionaries';
import type { Page } from '@/lib/records/upcoming';
import { Pager } from './pager';

/** A record page's "upcoming events" section: heading with the count, one page of cards and the pager. */
export function UpcomingEvents({
  events,
  title,
  emptyText,
  locale,
  now,
  path,
  messages,
  showPlace,
}: {
  events: Page<TEvent>;
  title: string;
  emptyText: string;
  locale: Locale;
  now: number;
  path: string;
  messages: Messages;
  /** Off on a place's own page, where every event is at that place. */
  showPlace?: boolean;
}) {
  return (
    <section aria-labelledby="upcoming-title">
      <h2 id="upcoming-title">
        {title} <span className={styles.count}>({events.totalItems})</span>
      </h2>
      {events.totalItems === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <>
          <EventLinkList events={events.items} locale={locale} now={now} label={title} showPlace={showPlace} />
          <Pager basePath={path} page={events.page} totalPages={events.totalPages} messages={messages} label={title} />
        </>
      )}
    </section>
  );
}
