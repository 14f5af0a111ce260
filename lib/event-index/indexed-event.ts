/**
 * What the in-memory EventIndex keeps of one event: the columns the events query filters and sorts on. `partners` are
 * the names of the partners of its sources (the `sources` filter matches names).
 */
export interface IndexedEvent {
  id: number;
  lng: number;
  lat: number;
  startMs: number;
  endMs: number;
  updatedMs: number;
  /** Null = unknown price (both bounds unknown or one of them). */
  lowestPrice: number | null;
  highestPrice: number | null;
  /** Bit i = main category i of MAIN_CATEGORIES (0 = no category). */
  categoryMask: number;
  partners: string[];
  /**
   * What the event's group on a map is called (the web app's read model: its town); the service leaves it out.
   * Kept as a small number per event, the names once each.
   */
  label?: string;
}
