import type { TEvent } from '@/lib/contract';
// The categories module, not the barrel: the barrel would pull every zod schema into the client bundle.
import { CATEGORY_LABELS } from '@/lib/contract/categories';
import { categoryLabel, formatEventWhen, formatPrice, isLiveAt, mainCategoryOf } from '@/lib/explorer/card-format';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';
import styles from './explorer.module.css';
import { AppLink } from './app-link';
import { useLinkTarget } from './link-target';

export interface EventCardProps {
  event: TEvent;
  locale: Locale;
  now: number;
  selected: boolean;
  onHover: (id: number | null) => void;
}

/** One event of the list: the accessible twin of its point on the map. */
export function EventCard({ event, locale, now, selected, onHover }: EventCardProps) {
  const category = mainCategoryOf(event);
  const meta = category ? CATEGORY_LABELS[category] : null;
  const place = event.mapPlace?.name ?? event.place.name;
  const city = event.mapPlace?.city ?? event.place.address?.city ?? null;
  const cancelled = event.cancelledAt !== null;
  const unavailable = !cancelled && event.notAvailableAt !== null;
  const live = !cancelled && isLiveAt(event, now);
  const linkTarget = useLinkTarget();
  const t = explorerMessages(locale);
  return (
    <li
      id={`event-card-${event.id}`}
      className={styles.card}
      data-selected={selected || undefined}
      data-event-id={event.id}
      onMouseEnter={() => onHover(event.id)}
      onMouseLeave={() => onHover(null)}
      onFocus={() => onHover(event.id)}
      onBlur={() => onHover(null)}
    >
      <span
        className={styles.cardIcon}
        style={{ background: meta?.color ?? 'var(--brand-text-muted)' }}
        aria-hidden="true"
      >
        <span className="emoji">{meta?.icon ?? '📍'}</span>
        <span className="emoji-fallback">{(category ? categoryLabel(category, locale) : '•').charAt(0)}</span>
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
          <time>{formatEventWhen(event, locale)}</time>
        </p>
        <p className={styles.cardPlace}>
          {place}
          {city ? ` · ${city}` : ''}
        </p>
        <p className={styles.cardFoot}>
          <span className={styles.cardPrice}>{formatPrice(event, locale)}</span>
          {category && <span className={styles.cardCategory}>{categoryLabel(category, locale)}</span>}
        </p>
      </div>
    </li>
  );
}
