import { PlainImage } from '@/components/record-page/plain-image';
import { Description } from '@/components/record-page/description';
import { Initials } from '@/components/record-page/initials';
import { JsonLd } from '@/components/record-page/json-ld';
import type { MiniMapPoint } from '@/components/record-page/mini-map';
import { RecordMap } from '@/components/record-page/record-map';
import { UpcomingEvents } from '@/components/record-page/upcoming-events';
import placeStyles from '@/components/place/place.module.css';
import { eventVenue, type TEvent, type TPerformer } from '@/lib/contract';
import type { Locale } from '@/lib/i18n/config';
import { getMessages } from '@/lib/i18n/dictionaries';
import { paginate, upcomingEvents } from '@/lib/records/upcoming';
import styles from './performer.module.css';

/** Upcoming events per page of the performer page. */
export const PERFORMER_EVENTS_PER_PAGE = 12;

/** Distinct places of the events, for the map (an event is placed at its map place, else its partner address). */
function placesOf(events: TEvent[]): MiniMapPoint[] {
  const seen = new Map<string, MiniMapPoint>();
  for (const e of events) {
    const { lng, lat } = eventVenue(e);
    const point = { lng, lat };
    seen.set(`${point.lng.toFixed(5)},${point.lat.toFixed(5)}`, point);
  }
  return [...seen.values()];
}

/** The performer page: who they are, their next dates and a map of where they play. */
export function PerformerPage({
  performer,
  description,
  locale,
  path,
  pageUrl,
  now,
  mapStyleUrl,
  page,
}: {
  performer: TPerformer;
  description: string;
  locale: Locale;
  path: string;
  pageUrl: string;
  now: number;
  mapStyleUrl: string | undefined;
  page: number;
}) {
  const messages = getMessages(locale);
  const upcoming = upcomingEvents(performer.events, now);
  const events = paginate(upcoming, page, PERFORMER_EVENTS_PER_PAGE);
  const image = performer.squareImage ?? performer.image ?? performer.webImage;
  const points = placesOf(upcoming.length > 0 ? upcoming : performer.events);
  return (
    <article className={placeStyles.page} aria-labelledby="performer-title">
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'PerformingGroup',
          name: performer.name,
          url: pageUrl,
          ...(image ? { image } : {}),
          ...(description ? { description } : {}),
        }}
      />
      <div className={placeStyles.top}>
        <section className={`${placeStyles.card} ${styles.identity}`} aria-labelledby="performer-title">
          {image ? (
            <PlainImage src={image} alt="" width={160} height={160} className={styles.portrait} />
          ) : (
            <Initials name={performer.name} className={styles.portrait} />
          )}
          <div>
            <h1 id="performer-title" className={placeStyles.title}>
              {performer.name}
            </h1>
            <h2 className={placeStyles.subTitle}>{messages.performer.about}</h2>
            {description ? (
              <Description text={description} className={placeStyles.summary} />
            ) : (
              <p className={placeStyles.muted}>{messages.performer.noDescription}</p>
            )}
          </div>
        </section>
        {points.length > 0 && (
          <section className={placeStyles.mapCard} aria-labelledby="where-title">
            <h2 id="where-title" className={styles.mapTitle}>
              {messages.performer.whereTheyPlay}
            </h2>
            <RecordMap
              points={points}
              label={messages.performer.whereTheyPlay}
              buttonLabel={messages.place.interactiveMap}
              mapStyleUrl={mapStyleUrl}
              locale={locale}
            />
          </section>
        )}
      </div>
      <UpcomingEvents
        events={events}
        title={messages.performer.upcoming}
        emptyText={messages.performer.noUpcoming}
        locale={locale}
        now={now}
        path={path}
        messages={messages}
      />
    </article>
  );
}
