import type { IndexedEvent } from './indexed-event';

/**
 * The storage of the indexed events: one slot per event, each column a typed array indexed by slot, so a pass over
 * the candidates of a query reads numbers in place (no object per event). A changed event is written to a new slot
 * and its old slot dies: a built order then takes the change in by a merge (orders.ts) instead of a re-sort. Dead
 * slots are dropped by compact() when they are over half of a full store.
 *
 * The other parts of the index read the columns directly (hot loops copy an array to a local first); only this class
 * writes them. The arrays are replaced when the store grows, so a part never keeps one across calls.
 */
export class EventColumns {
  /** Slots allocated in each column. */
  capacity = 0;
  /** Slots written (live or dead): slots `[0, size)` are in use. */
  size = 0;
  /** Dead slots among `[0, size)`. */
  dead = 0;
  /** How many times compact() renumbered the slots: what a cache of per-slot values (view-aggregate.ts) checks. */
  compactions = 0;
  ids = new Float64Array(0);
  lng = new Float64Array(0);
  lat = new Float64Array(0);
  start = new Float64Array(0);
  end = new Float64Array(0);
  updated = new Float64Array(0);
  /** NaN = unknown price. */
  lowest = new Float64Array(0);
  highest = new Float64Array(0);
  /** Category bits (bit i = MAIN_CATEGORIES[i]; 0 = none). */
  mask = new Int32Array(0);
  alive = new Uint8Array(0);
  /** The partners of each live slot's sources, as small numbers (see partnerIdOf). */
  partners: (number[] | undefined)[] = [];
  /** Index into `labelNames` of each slot's label (IndexedEvent.label), -1 = none. */
  label = new Int32Array(0);
  readonly labelNames: string[] = [];
  private readonly labelIds = new Map<string, number>();
  /** The slot of each event id held. */
  readonly slotOf = new Map<number, number>();
  /** Partner names the `sources` filter matches, as small numbers (the slots' `partners`). */
  private readonly partnerIds = new Map<string, number>();

  /** How many events are held. */
  get count(): number {
    return this.slotOf.size;
  }

  /** The number of a partner name in the slots' `partners`, undefined when no event held ever named it. */
  partnerIdOf(name: string): number | undefined {
    return this.partnerIds.get(name);
  }

  private partnerId(name: string): number {
    let id = this.partnerIds.get(name);
    if (id === undefined) {
      id = this.partnerIds.size;
      this.partnerIds.set(name, id);
    }
    return id;
  }

  private labelId(name: string): number {
    let id = this.labelIds.get(name);
    if (id === undefined) {
      id = this.labelNames.length;
      this.labelNames.push(name);
      this.labelIds.set(name, id);
    }
    return id;
  }

  /** Reallocates every column with room for `capacity` slots, keeping the slots in use. */
  grow(capacity: number): void {
    const copy = <T extends Float64Array | Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(a.subarray(0, this.size));
      return next;
    };
    this.ids = copy(this.ids, (n) => new Float64Array(n));
    this.lng = copy(this.lng, (n) => new Float64Array(n));
    this.lat = copy(this.lat, (n) => new Float64Array(n));
    this.start = copy(this.start, (n) => new Float64Array(n));
    this.end = copy(this.end, (n) => new Float64Array(n));
    this.updated = copy(this.updated, (n) => new Float64Array(n));
    this.lowest = copy(this.lowest, (n) => new Float64Array(n));
    this.highest = copy(this.highest, (n) => new Float64Array(n));
    this.mask = copy(this.mask, (n) => new Int32Array(n));
    this.alive = copy(this.alive, (n) => new Uint8Array(n));
    this.label = copy(this.label, (n) => new Int32Array(n));
    this.capacity = capacity;
  }

  /**
   * Marks the slot of `id` dead (its event is about to be written again, or was deleted); returns that slot, or -1
   * when the id has none. The id keeps pointing at the dead slot until it is written or removed.
   */
  retire(id: number): number {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return -1;
    this.alive[slot] = 0;
    this.partners[slot] = undefined;
    this.dead += 1;
    return slot;
  }

  /** Forgets a deleted event; returns its slot (now dead), or -1 when the id has none. */
  remove(id: number): number {
    const slot = this.retire(id);
    if (slot >= 0) this.slotOf.delete(id);
    return slot;
  }

  /** Writes an event into the next slot (the caller made room: `size < capacity`) and returns that slot. */
  append(event: IndexedEvent): number {
    const s = this.size++;
    const unknownPrice = event.lowestPrice === null || event.highestPrice === null;
    this.ids[s] = event.id;
    this.lng[s] = event.lng;
    this.lat[s] = event.lat;
    this.start[s] = event.startMs;
    this.end[s] = event.endMs;
    this.updated[s] = event.updatedMs;
    this.lowest[s] = unknownPrice ? NaN : event.lowestPrice!;
    this.highest[s] = unknownPrice ? NaN : event.highestPrice!;
    this.mask[s] = event.categoryMask;
    this.alive[s] = 1;
    this.label[s] = event.label === undefined ? -1 : this.labelId(event.label);
    const partners: number[] = [];
    for (const name of event.partners) {
      const id = this.partnerId(name);
      if (!partners.includes(id)) partners.push(id);
    }
    this.partners[s] = partners;
    this.slotOf.set(event.id, s);
    return s;
  }

  /** Drops dead slots, moving the live ones down in order: every slot number changes (the caller rebuilds on them). */
  compact(): void {
    let w = 0;
    for (let s = 0; s < this.size; s++) {
      if (!this.alive[s]) continue;
      if (w !== s) {
        this.ids[w] = this.ids[s]!;
        this.lng[w] = this.lng[s]!;
        this.lat[w] = this.lat[s]!;
        this.start[w] = this.start[s]!;
        this.end[w] = this.end[s]!;
        this.updated[w] = this.updated[s]!;
        this.lowest[w] = this.lowest[s]!;
        this.highest[w] = this.highest[s]!;
        this.mask[w] = this.mask[s]!;
        this.label[w] = this.label[s]!;
        this.alive[w] = 1;
        this.partners[w] = this.partners[s];
        this.slotOf.set(this.ids[w]!, w);
      }
      w++;
    }
    this.partners.length = w;
    this.size = w;
    this.dead = 0;
    this.compactions += 1;
  }
}
