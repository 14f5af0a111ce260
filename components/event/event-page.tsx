import { PlainImage } from '@/components/record-page/plain-image';
import Link from 'next/link';
import { Description } from '@/components/record-page/description';
import { directionsHref } from '@/lib/records/directions';
import { Grade } from '@/components/record-page/grade';
import { Initials } from '@/components/record-page/initials';
import { JsonLd } from '@/components/record-page/json-ld';
import { RecordMap } from '@/components/record-page/record-map';
import { eventVenue, type TCategory, type TEvent, type TSource } from '@/lib/contract';
import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import type { Locale } from '@/lib/i18n/config';
import { getMessages, type Messages } from '@/lib/i18n/dictionaries';
import { getFormatters, type Formatters } from '@/lib/i18n/format';
import { parseLocalDateTime, toIsoWithOffset } from '@/lib/i18n/local-date';
import { readableTextColor, safeColor } from '@/lib/records/colors';
import { eventDates } from '@/lib/records/event-dates';
import { eventJsonLd } from '@/lib/records/event-json-ld';
import { eventStates } from '@/lib/records/event-status';
import { SaveButton } from '@/components/saved/save-button';
import { liveAt } from '@/lib/records/on-now';
import type { SavedEvent } from '@/lib/saved/saved-list';
import { BackToMap } from './back-to-map';
import { ShareButton } from './share-button';
import { StickyBook } from './sticky-book';
import styles from './event.module.css';

interface Props {
  event: TEvent;
  locale: Locale;
  /** Absolute canonical URL of this page. */
  pageUrl: string;
  now: number;
  /** MAP_STYLE_URL, or undefined for the offline basemap. */
  mapStyleUrl: string | undefined;
  /** DIRECTIONS_URL's template, or null when the directions link is turned off. */
  directionsUrl: string | null;
}

/** How many dates are listed before the rest fold into a disclosure. */
const VISIBLE_DATES = 6;

/** What the event page's sections share: the event, its strings and formatters. */
interface SectionProps {
  event: TEvent;
  messages: Messages;
  format: Formatters;
}

/** The event page: everything a visitor needs to decide and book, plus structured data for search engines. */
export function EventPage({ event, locale, pageUrl, now, mapStyleUrl, directionsUrl }: Props) {
  const messages = getMessages(locale);
  const format = getFormatters(locale);
  const section = { event, messages, format };
  return (
    <article className={styles.event} aria-labelledby="event-title">
      <JsonLd data={eventJsonLd(event, pageUrl, now)} />
      <BackToMap label={messages.event.backToMap} className={styles.backToMap} />
      <Banners event={event} now={now} messages={messages} format={format} />
      <Hero {...section} locale={locale} pageUrl={pageUrl} now={now} />
      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          {event.description.trim() && (
            <section aria-labelledby="description-title" className={styles.section}>
              <h2 id="description-title">{messages.event.description}</h2>
              <Description text={event.description} className={styles.description} />
            </section>
          )}
          <Dates {...section} />
          <Performers {...section} />
          <Reviews {...section} />
        </div>
        <aside className={styles.sideColumn} aria-label={messages.event.tickets}>
          <Tickets {...section} />
          <PlaceSection {...section} mapStyleUrl={mapStyleUrl} directionsUrl={directionsUrl} locale={locale} />
        </aside>
      </div>
      <MainAction {...section} locale={locale} pageUrl={pageUrl} />
    </article>
  );
}

/** What the save control keeps of the event (as a card keeps it), so the Saved view lists it offline. */
function savedOf(event: TEvent): SavedEvent {
  const toMinute = (date: string) => date.replace(/^(\S+ \d{2}:\d{2})\S* /, '$1 ');
  const { name: place, city } = eventVenue(event);
  return {
    id: event.id,
    name: event.name,
    start: toMinute(event.startDate),
    end: toMinute(event.endDate),
    place,
    ...(city && { city }),
  };
}

/** The top of the page: picture, categories, title, when, where, price, grade, and the calendar and share actions. */
function Hero({
  event,
  messages,
  format,
  locale,
  pageUrl,
  now,
}: SectionProps & { locale: Locale; pageUrl: string; now: number }) {
  const start = parseLocalDateTime(event.startDate);
  const end = event.hasEndDateNotReliable ? undefined : parseLocalDateTime(event.endDate);
  const image = event.image ?? event.webImage;
  const place = eventVenue(event);
  return (
    <div className={styles.hero} id="event-hero">
      {image && (
        <PlainImage
          src={image}
          alt={event.name}
          fetchPriority="high"
          width={event.imageWidth ?? undefined}
          height={event.imageHeight ?? undefined}
          className={styles.heroImage}
        />
      )}
      <div className={styles.heroText}>
        <Categories categories={event.categories} locale={locale} label={messages.event.categories} />
        <h1 id="event-title" className={styles.title}>
          {event.name}
        </h1>
        {start && (
          <p className={styles.when}>
            {event.cancelledAt === null && liveAt(eventDates(event), now, event.mapPlace?.periods) && (
              <span className={styles.liveBadge}>{messages.event.liveNow}</span>
            )}
            <time dateTime={toIsoWithOffset(start)}>{format.dateTimeRange(start, end)}</time>
          </p>
        )}
        <p className={styles.where}>
          {place.id ? <Link href={`/places/${encodeURIComponent(place.id)}`}>{place.name}</Link> : place.name}
          {event.place.address.city && <span className={styles.muted}> · {place.city}</span>}
        </p>
        <p className={styles.price}>
          <span className="visually-hidden">{messages.event.price}: </span>
          {format.priceRange(event.lowestPrice, event.highestPrice)}
          {event.hasGoodDeal && <span className={styles.goodDeal}>{messages.event.goodDeal}</span>}
        </p>
        {event.totalGrades > 0 && (
          <p>
            <Grade value={event.averageGrade} count={event.totalGrades} format={format} messages={messages} />
          </p>
        )}
        <div className={styles.actions}>
          <a href={`/events/${event.id}/calendar.ics`} download={`event-${event.id}.ics`} className="button">
            <CalendarIcon /> {messages.event.addToCalendar}
          </a>
          <SaveButton event={savedOf(event)} locale={locale} />
          <ShareButton title={event.name} url={pageUrl} />
        </div>
      </div>
    </div>
  );
}

function Performers({ event, messages }: SectionProps) {
  if (event.performers.length === 0) return null;
  return (
    <section aria-labelledby="performers-title" className={styles.section}>
      <h2 id="performers-title">{messages.event.performers}</h2>
      <ul className={styles.performers}>
        {event.performers.map((performer) => (
          <li key={performer.id}>
            <Link href={`/performers/${performer.id}`} className={styles.performer}>
              {performer.image || performer.webImage ? (
                <PlainImage src={performer.webImage || performer.image} alt="" width={48} height={48} />
              ) : (
                <Initials name={performer.name} className={styles.avatar} />
              )}
              <span>{performer.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The price, the first bookable source, save and share, within reach at the bottom of a phone's screen. */
function MainAction({ event, messages, format, locale, pageUrl }: SectionProps & { locale: Locale; pageUrl: string }) {
  const source =
    event.cancelledAt === null ? event.sources.find((s) => s.isBookable && s.notAvailableAt === null) : undefined;
  return (
    <StickyBook
      book={
        source
          ? {
              href: source.link,
              label: messages.event.book,
              accessibleName: `${messages.event.bookWith(source.partner.name)} ${messages.event.opensInNewTab}`,
            }
          : null
      }
      price={
        source
          ? format.priceRange(source.lowestPrice, source.highestPrice)
          : format.priceRange(event.lowestPrice, event.highestPrice)
      }
      save={savedOf(event)}
      share={{ title: event.name, url: pageUrl }}
      locale={locale}
    />
  );
}

/** Where to book: one row per ticketing source (none bookable once the event is cancelled). */
function Tickets({ event, messages, format }: SectionProps) {
  return (
    <section aria-labelledby="tickets-title" className={styles.section}>
      <h2 id="tickets-title">{messages.event.tickets}</h2>
      {event.sources.length === 0 ? (
        <p className={styles.muted}>{messages.event.noSources}</p>
      ) : (
        <ul className={styles.sources}>
          {event.sources.map((source) => (
            <SourceItem
              key={source.id}
              source={source}
              blocked={event.cancelledAt !== null}
              messages={messages}
              format={format}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function PlaceSection({
  event,
  messages,
  mapStyleUrl,
  directionsUrl,
  locale,
}: SectionProps & { mapStyleUrl: string | undefined; directionsUrl: string | null; locale: Locale }) {
  const place = eventVenue(event);
  const directions = directionsHref(directionsUrl, place.lat, place.lng);
  return (
    <section aria-labelledby="place-title" className={styles.section}>
      <h2 id="place-title">{messages.event.place}</h2>
      <p className={styles.placeName}>{place.name}</p>
      <address className={styles.address}>{place.address}</address>
      <RecordMap
        points={[{ lng: place.lng, lat: place.lat }]}
        label={messages.place.map(place.name)}
        buttonLabel={messages.place.interactiveMap}
        mapStyleUrl={mapStyleUrl}
        locale={locale}
      />
      <p className={styles.placeLinks}>
        {place.id && <Link href={`/places/${encodeURIComponent(place.id)}`}>{messages.event.placePage}</Link>}
        {directions && (
          <a href={directions} target="_blank" rel="noopener noreferrer">
            {messages.event.directions}
            <span className="visually-hidden"> {messages.event.opensInNewTab}</span>
          </a>
        )}
      </p>
    </section>
  );
}

function Banners({
  event,
  now,
  messages,
  format,
}: {
  event: TEvent;
  now: number;
  messages: Messages;
  format: Formatters;
}) {
  const states = eventStates(event, now);
  if (states.length === 0) return null;
  return (
    <div className={styles.banners}>
      {states.map((state) => (
        <p key={state} className={state === 'passed' ? styles.bannerInfo : styles.bannerDanger} role="status">
          {state === 'cancelled' && messages.event.cancelled(format.isoDate(event.cancelledAt ?? '', offsetOf(event)))}
          {state === 'sold-out' && messages.event.soldOut}
          {state === 'passed' && messages.event.passed}
        </p>
      ))}
    </div>
  );
}

function offsetOf(event: TEvent): number {
  return parseLocalDateTime(event.startDate)?.offsetMinutes ?? 0;
}

function Categories({ categories, locale, label }: { categories: TCategory[]; locale: Locale; label: string }) {
  if (categories.length === 0) return null;
  // Main categories first, then their sub-categories.
  const sorted = [...categories].sort((a, b) => Number(a.subCategory !== null) - Number(b.subCategory !== null));
  return (
    <ul className={styles.categories} aria-label={label}>
      {sorted.map((category) => {
        const main = (MAIN_CATEGORIES as readonly string[]).includes(category.mainCategory)
          ? CATEGORY_LABELS[category.mainCategory as TMainCategory]
          : undefined;
        const color = main?.color ?? '#455a64';
        return (
          <li
            key={category.id}
            className={category.subCategory === null ? styles.category : styles.subCategory}
            style={category.subCategory === null ? { background: color, color: readableTextColor(color) } : undefined}
          >
            {/* Decorative: the label follows, so without an emoji font the icon is simply left out. */}
            {category.subCategory === null && main && (
              <span className="emoji" aria-hidden="true">
                {main.icon}{' '}
              </span>
            )}
            {locale === 'fr' ? category.traductionFR : category.traductionEN}
          </li>
        );
      })}
    </ul>
  );
}

function Dates({ event, messages, format }: { event: TEvent; messages: Messages; format: Formatters }) {
  const dates = eventDates(event);
  const item = (d: (typeof dates)[number]) => {
    const s = parseLocalDateTime(d.startDate);
    return (
      <li key={d.startDate} className={styles.date}>
        {s ? (
          <time dateTime={toIsoWithOffset(s)}>
            {format.localRange(d.startDate, d.hasEndDateNotReliable ? undefined : d.endDate)}
          </time>
        ) : (
          d.startDate
        )}
        {d.hasUnknownAvailability && <span className={styles.muted}> · {messages.event.availabilityUnknown}</span>}
        {dates.length > 1 && (
          <a
            href={`/events/${event.id}/calendar.ics?start=${encodeURIComponent(d.startDate)}`}
            download={`event-${event.id}.ics`}
            className={styles.dateIcs}
          >
            .ics<span className="visually-hidden"> {messages.event.addToCalendar}</span>
          </a>
        )}
      </li>
    );
  };
  return (
    <section aria-labelledby="dates-title" className={styles.section}>
      <h2 id="dates-title">{messages.event.dates}</h2>
      <ul className={styles.dates}>{dates.slice(0, VISIBLE_DATES).map(item)}</ul>
      {dates.length > VISIBLE_DATES && (
        <details className={styles.moreDates}>
          <summary>{messages.event.allDates(dates.length)}</summary>
          <ul className={styles.dates}>{dates.slice(VISIBLE_DATES).map(item)}</ul>
        </details>
      )}
      {event.hasEndDateNotReliable && <p className={styles.muted}>{messages.event.endNotReliable}</p>}
    </section>
  );
}

function SourceItem({
  source,
  blocked,
  messages,
  format,
}: {
  source: TSource;
  blocked: boolean;
  messages: Messages;
  format: Formatters;
}) {
  const color = safeColor(source.partner.backColor);
  const soldOut = source.notAvailableAt !== null;
  const bookable = source.isBookable && !soldOut && !blocked;
  return (
    <li className={styles.source} style={{ borderColor: color }}>
      <span className={styles.partner} style={{ background: color, color: readableTextColor(color) }}>
        {source.partner.logo && <PlainImage src={source.partner.logo} alt="" width={24} height={24} />}
        {source.partner.name}
      </span>
      <span className={styles.sourcePrice}>
        {format.priceRange(source.lowestPrice, source.highestPrice)}
        {source.isGoodDeal && <span className={styles.goodDeal}>{messages.event.goodDeal}</span>}
      </span>
      {bookable ? (
        // The tracked link records the click for the partner's commission; crawlers must not follow it.
        <a
          href={source.link}
          className={`button button--primary ${styles.book}`}
          target="_blank"
          rel="nofollow sponsored noopener"
          aria-label={`${messages.event.bookWith(source.partner.name)} ${messages.event.opensInNewTab}`}
        >
          {messages.event.book}
        </a>
      ) : (
        <span className={styles.unavailable}>
          {soldOut ? messages.event.sourceSoldOut : messages.event.notBookable}
        </span>
      )}
    </li>
  );
}

function Reviews({ event, messages, format }: { event: TEvent; messages: Messages; format: Formatters }) {
  if (event.commentaries.length === 0 && event.totalGrades === 0) return null;
  const offset = offsetOf(event);
  return (
    <section aria-labelledby="reviews-title" className={styles.section}>
      <h2 id="reviews-title">{messages.event.reviews}</h2>
      <p>
        <span className={styles.muted}>{messages.event.averageGrade}: </span>
        <Grade value={event.averageGrade} count={event.totalGrades} format={format} messages={messages} />
      </p>
      {event.commentaries.length === 0 ? (
        <p className={styles.muted}>{messages.event.noReviews}</p>
      ) : (
        <ul className={styles.reviews}>
          {event.commentaries.map((c, index) => (
            <li key={index} className={styles.review}>
              <p className={styles.reviewHead}>
                <span className="visually-hidden">{messages.event.reviewBy(c.username)}</span>
                <strong aria-hidden="true">{c.username}</strong>
                <Grade value={c.grade} format={format} messages={messages} />
                <span className={styles.muted}>{format.isoDate(c.date, offset)}</span>
              </p>
              <Description text={c.content} className={styles.reviewBody} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CalendarIcon() {
  return (
    <svg
      aria-hidden="true"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </svg>
  );
}
