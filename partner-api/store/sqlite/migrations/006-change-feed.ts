import type { Migration } from './migration';

/**
 * The change feed reads events by stamp (`updated_ms > cursor`), every poll of every replica: an index makes that a
 * range scan instead of a pass over the table. The 3-D R*Tree `event_boxes` goes: the in-memory EventIndex answers the
 * events query (docs/decisions.md), and nothing reads the R*Tree any more, while every write kept it up to date.
 */
export const changeFeedMigration: Migration = {
  version: 6,
  name: 'change-feed',
  sql: `
CREATE INDEX events_updated ON events (updated_ms);
DROP TABLE event_boxes;
`,
};
