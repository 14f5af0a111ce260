import type { RecordWithEventsJson } from '../store/search-types';
import { assembleEventJson } from '../store/types';

/**
 * A place or performer record as sent: the record object with its `events` appended, each event in full shape with
 * its performers (commentaries stay empty, as in the events query by default: the event page asks for them),
 * and every link marker rendered as the caller's tracked link.
 */
export function recordJson(
  stored: RecordWithEventsJson,
  clientId: string,
  renderLinks: (json: string, clientId: string) => string,
): string {
  const events = stored.events
    .map((event) => assembleEventJson(event, { commentaries: false, performers: true }))
    .join(',');
  return renderLinks(`${stored.record.slice(0, -1)},"events":[${events}]}`, clientId);
}
