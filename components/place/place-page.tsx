import { Description } from '@/components/record-page/description';
import { Grade } from '@/components/record-page/grade';
import { JsonLd } from '@/components/record-page/json-ld';
import { RecordMap } from '@/components/record-page/record-map';
import { UpcomingEvents } from '@/components/record-page/upcoming-events';
import type { TMapPlaceWithEvents } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getFormatters } from '@/lib/i18n/format';
import { paginate, upcomingEvents } from '@/lib/records/upcoming';
import { OpeningHours } from './opening-hours';
import styles from './place.module.css';

/** Upcoming events per page of the place page. */
export const PLACE_EVENTS_PER_PAGE = 12;

/** The place page: who, where, when it is open, and what is on there next. */
export function PlacePage({
  place,
  locale,
  path,
  pageUrl,
  now,
  mapStyleUrl,
  page,
}: {
  place: TMapPlaceWithEvents;
  locale: Locale;
  path: string;
  pageUrl: string;
  now: number;
  mapStyleUrl: string | undefined;
  page: number;
}) {
  const messages = getMessages(locale);
  const format = getFormatters(locale);
  const events = paginate(upcomingEvents(place.events, now), page, PLACE_EVENTS_PER_PAGE);
  const website = place.website && /^https?:\/\//i.test(place.website) ? place.website : null;
  return (
    <article className={styles.page} aria-labelledby="place-title">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Place',
          name: place.name,
          url: pageUrl,
          address: {
            '@type': 'PostalAddress',
            streetAddress: place.street ?? undefined,
            addressLocality: place.city ?? undefined,
            postalCode: place.postalCode === null ? undefined : String(place.postalCode),
            addressCountry: place.country ?? undefined,
          },
          geo: { '@type': 'GeoCoordinates', latitude: place.lat, longitude: place.lng },
          ...(website ? { sameAs: website } : {}),
        }}
      />
      <div className={styles.top}>
        <section className={styles.card}>
          <h1 id="place-title" className={styles.title}>
            {place.name}
          </h1>
          {place.averageGrade !== null && (
            <p>
              <span className="visually-hidden">{messages.place.grade}: </span>
              <Grade value={place.averageGrade} count={place.totalGrades} format={format} messages={messages} />
            </p>
          )}
          <dl className={styles.facts}>
            <dt>{messages.place.address}</dt>
            <dd>
              <address>{place.address}</address>
            </dd>
            {website && (
              <>
                <dt>{messages.place.website}</dt>
                <dd>
                  <a href={website} target="_blank" rel="noopener noreferrer">
                    {new URL(website).host.replace(/^www\./, '')}
                    <span className="visually-hidden"> {messages.event.opensInNewTab}</span>
                  </a>
                </dd>
              </>
            )}
          </dl>
          {place.editorialSummary && <Description text={place.editorialSummary} className={styles.summary} />}
          <h2 className={styles.subTitle}>{messages.place.openingHours}</h2>
          <OpeningHours periods={place.periods} messages={messages} format={format} />
        </section>
        <div className={styles.mapCard}>
          <RecordMap
            points={[{ lng: place.lng, lat: place.lat }]}
            label={messages.place.map(place.name)}
            buttonLabel={messages.place.interactiveMap}
            mapStyleUrl={mapStyleUrl}
            locale={locale}
          />
        </div>
      </div>

      <UpcomingEvents
        events={events}
        title={messages.place.upcoming}
        emptyText={messages.place.noUpcoming}
        locale={locale}
        now={now}
        path={path}
        messages={messages}
        showPlace={false}
      />
    </article>
  );
}
