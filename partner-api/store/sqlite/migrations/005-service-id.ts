import type { Migration } from './migration';

/*
 * Every event's serviceLink is `{publicUrl}/e/{serviceId}`; following it looks the event up by service id, which
 * must not scan the events table. `id` breaks ties when several events share a service id.
 */
const sql = `
CREATE INDEX events_service_id ON events (service_id, id);
`;

/** The index behind `GET /e/{serviceId}`. */
export const serviceIdMigration: Migration = { version: 5, name: 'service-id', sql };
