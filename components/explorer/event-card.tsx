import { memo } from 'react';
import type { TExplorerEvent } from '@/lib/contract';
// The categories module, not the barrel: the barrel would pull every zod schema into the client bundle.
import { CATEGORY_LABELS } from '@/lib/contract/categories';
import { SaveButton } from '@/components/saved/save-button';
import { categoryLabel, formatEventWhen, formatPrice } from '@/lib/explorer/card-format';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import { rememberExplorer } from '@/lib/navigation/remember-explorer';
import { liveAt } from '@/lib/records/on-now';
import styles from './explorer.module.css';
import { AppLink } from './app-link';
import { CardThumb } from './card-thumb';
import { useLinkTarget } from './link-target';

export interface EventCardProps {
  event: TExplorerEvent;
  locale: Locale;
  now: number;
  selected: boolean;
  onHover: (id: number | null) => void;
  /** The name of the group this card opens ("Already running"), shown above it. */
  groupStart?: string;
}

/**
 * One event of the list: the accessible twin of its point on the map. Memoised: the explorer re-renders for many
 * reasons that leave the cards as they are (the map's mode found after hydration, a hover, the camera settling), and
 * fifty cards re-rendered cost a phone's main thread a long task each time.
 */
export const EventCard = memo(function EventCard({
  event,
  locale,
  now,
  selected,
  onHover,
  groupStart,
}: EventCardProps) {
  const category = event.category ?? null;
  const meta = category ? CATEGORY_LABELS[category] : null;
  const { place, city } = event;
  const when = { startDate: event.start, endDate: event.end };
  const price = { lowestPrice: event.minPrice, highestPrice: event.maxPrice ?? event.minPrice };
  const cancelled = event.cancelled === true;
  const unavailable = !cancelled && event.unavailable === true;
  // Live by the card's dates: a long run (an exhibition) is not "live" at night (lib/records/on-now.ts).
  const live = !cancelled && liveAt([when], now);
  const linkTarget = useLinkTarget();
  const t = explorerMessages(locale);
  return (
    <li
      id={`event-card-${event.id}`}
      className={styles.card}
      data-selected={selected || undefined}
      data-event-id={event.id}
      data-group-start={groupStart}
      onMouseEnter={() => onHover(event.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(event.id)}
      onBlur={() => onHover(null)}
      // The event page's "Back to the map" returns to the explorer as it is now.
      onClickCapture={rememberExplorer}
    >
      <span
        className={styles.cardIcon}
        style={{ background: meta?.color ?? 'var(--brand-text-muted)' }}
        aria-hidden="true"
      >
        <span className="emoji">{meta?.icon ?? '📍'}</span>
        <span className="emoji-fallback">{(category ? categoryLabel(category, locale) : '•').charAt(0)}</span>
        {event.image && <CardThumb image={event.image} />}
      </span>
      <div className={styles.cardBody}>
        <h3 className={styles.cardTitle}>
          <AppLink href={`/events/${event.id}`} className={styles.cardLink} {...linkTarget}>
            {event.name}
          </AppLink>
        </h3>
        <p className={styles.cardWhen}>
          {live && <span className={styles.badgeLive}>{t.badgeLive}</span>}
          {cancelled && <span className={styles.badgeOff}>{t.badgeCancelled}</span>}
          {unavailable && <span className={styles.badgeOff}>{t.badgeSoldOut}</span>}
          <time>{formatEventWhen(when, locale)}</time>
        </p>
        <p className={styles.cardPlace}>
          {place}
          {city ? ` · ${city}` : ''}
        </p>
        <p className={styles.cardFoot}>
          <span className={styles.cardPrice}>{formatPrice(price, locale)}</span>
          {category && <span className={styles.cardCategory}>{categoryLabel(category, locale)}</span>}
        </p>
      </div>
      <SaveButton
        event={{ id: event.id, name: event.name, start: event.start, end: event.end, place, ...(city && { city }) }}
        locale={locale}
        compact
      />
    </li>
  );
});
