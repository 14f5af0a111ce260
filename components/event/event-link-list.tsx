import { PlainImage } from '@/components/record-page/plain-image';
import Link from 'next/link';
import { eventVenue, type TEvent } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getFormatters } from '@/lib/i18n/format';
import { primaryState } from '@/lib/records/event-status';
import styles from './event.module.css';

/** A list of event cards linking to their pages (upcoming events of a place or a performer). */
export function EventLinkList({
  events,
  locale,
  now,
  label,
  showPlace = true,
}: {
  events: TEvent[];
  locale: Locale;
  now: number;
  label: string;
  showPlace?: boolean;
}) {
  const format = getFormatters(locale);
  const messages = getMessages(locale);
  return (
    <ul className={styles.list} aria-label={label}>
      {events.map((event) => {
        const state = primaryState(event, now);
        const image = event.squareImage ?? event.webImage ?? event.image;
        return (
          <li key={event.id} className={styles.card}>
            {image ? (
              <PlainImage src={image} alt="" width={72} height={72} className={styles.cardImage} loading="lazy" />
            ) : (
              <span className={styles.cardImage} aria-hidden="true" />
            )}
            <div className={styles.cardBody}>
              <Link href={`/events/${event.id}`} className={styles.cardTitle}>
                {event.name}
              </Link>
              <span className={styles.cardMeta}>
                {format.localRange(event.startDate, event.hasEndDateNotReliable ? undefined : event.endDate)}
              </span>
              {showPlace && <span className={styles.cardMeta}>{messages.list.at(eventVenue(event).name)}</span>}
              <span className={styles.cardMeta}>
                {format.priceRange(event.lowestPrice, event.highestPrice)}
                {event.hasGoodDeal && <span className={styles.goodDeal}>{messages.event.goodDeal}</span>}
                {state === 'cancelled' && <span className={styles.badgeDanger}>{messages.event.cancelledShort}</span>}
                {state === 'sold-out' && <span className={styles.badgeDanger}>{messages.event.sourceSoldOut}</span>}
              </span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
