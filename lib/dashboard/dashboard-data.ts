import 'server-only';
import { getCatalogueMirror } from '@/lib/mirror/catalogue-mirror';
import { getPartner } from '@/lib/partner';
import { ClickHistory } from './click-history';
import { createEventFacts, type EventFactsSource } from './event-facts';

const holder = globalThis as typeof globalThis & {
  __eventmapClickHistory?: ClickHistory;
  __eventmapEventFacts?: EventFactsSource;
};

/** The process's click history (fetched from `GET /v2/clicks` with this server's partner credentials). */
export function getClickHistory(): ClickHistory {
  holder.__eventmapClickHistory ??= new ClickHistory((query) => getPartner().client.getClicks(query));
  return holder.__eventmapClickHistory;
}

/** Facts of the clicked events, kept in the catalogue mirror's file when there is one. */
export function getEventFacts(): EventFactsSource {
  holder.__eventmapEventFacts ??= createEventFacts(getCatalogueMirror()?.db ?? null, (id) =>
    getPartner().client.getEvent(id),
  );
  return holder.__eventmapEventFacts;
}
