import { MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract';
import { CATEGORIES, CATEGORY_ID_BY_KEY, partnerTicketingHost } from '@/partner-api/store/catalogue-data';
import { foldText } from '@/partner-api/search/normalize';
import { timeZoneOffsetMinutes } from '@/partner-api/store/local-date';
import type {
  AvailableDateRecord,
  CommentaryRecord,
  EventRecord,
  MapPlaceRecord,
  PartnerRecord,
  PerformerRecord,
  PlaceRecord,
  SourceRecord,
} from '@/partner-api/store/model/records';
import { DEFAULT_TIME_ZONE, derivePrices, imagePath } from '@/partner-api/store/model/derive';
import type { SeedingStore, SeedPlaceInput, SeedSession } from '@/partner-api/store/port';
import type { MapPlaceInput, PerformerInput, PeriodInput } from '@/partner-api/store/types';
import {
  BAND_WORDS,
  CITIES,
  COMMENTARIES,
  DESCRIPTION_DETAILS,
  DESCRIPTION_OPENINGS,
  EVENT_TITLES,
  FIRST_NAMES,
  LAST_NAMES,
  PERFORMER_DESCRIPTIONS,
  SHARED_VENUE_NAMES,
  STREETS,
  THEMES,
  USERNAMES,
  VENUE_SUFFIXES,
  VENUE_TYPES,
  type City,
  type VenueType,
} from './french-data';
import { createRng, type Rng } from './rng';
import { ingestSeededEvents, seedLinks } from './seed-sources';

export const DEFAULT_SEED_EVENTS = 5_000;
/**
 * Largest seed the `seed` command brings in through the ingestion path; larger seeds are benchmark volume, loaded
 * directly (docs/decisions.md "The demo seed through ingestion").
 */
export const INGEST_SEED_MAX_EVENTS = 20_000;

export interface SeedOptions {
  /** Number of events; default 5 000 (the demo). */
  events?: number;
  /** RNG seed; the same seed and `now` give the same catalogue. Default 'eventmap'. */
  seed?: number | string;
  /** "Now" in ms: dates spread from 30 days before to 120 days after it. Default Date.now(). */
  now?: number;
  /** Empty the catalogue first; without it, seeding a non-empty catalogue throws. */
  reset?: boolean;
  /** Events per transaction. */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * Events enter through the ingestion path (seed-sources.ts): their partners' source records are ingested, then the
   * seed's extras written as enrichment, so ingestion (imports, `simulate`) owns the demo catalogue from then on. The
   * demo and e2e seeds ask for it; benchmarks seeding 100 000+ events load events directly (docs/decisions.md "The
   * demo seed through ingestion").
   */
  ingestion?: boolean;
}

export interface SeedStats {
  events: number;
  places: number;
  mapPlaces: number;
  performers: number;
  sources: number;
  commentaries: number;
  /** Source records ingested (0 without `ingestion`). */
  sourceRecords: number;
  durationMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Spacing of the seeded events' updatedAt values (unique, increasing with the id, all before `now`). */
const UPDATED_STEP_MS = 997;

interface SeedPlace {
  place: PlaceRecord;
  mapPlace: MapPlaceRecord | null;
  city: City;
  type: VenueType;
}

interface SubCategories {
  [main: string]: number[];
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
function providerId(rng: Rng): string {
  let id = 'ChIJ';
  for (let i = 0; i < 23; i += 1) id += BASE62[rng.int(0, 61)];
  return id;
}

function periodsFor(rng: Rng, type: VenueType): PeriodInput[] {
  if (type.label === 'Parc') {
    return [0, 1, 2, 3, 4, 5, 6].map((day) => ({ open: { day, time: '0700' }, close: { day, time: '2100' } }));
  }
  if (type.evening) {
    const days = rng.chance(0.5) ? [2, 3, 4, 5, 6] : [3, 4, 5, 6];
    const open = rng.pick(['1800', '1900', '2000']);
    return days.map((day) => ({
      open: { day, time: open },
      close: { day: (day + 1) % 7, time: rng.pick(['0000', '0100', '0200']) },
    }));
  }
  const days = [2, 3, 4, 5, 6, 0];
  return days.map((day) => ({ open: { day, time: '1000' }, close: { day, time: day === 0 ? '1700' : '1800' } }));
}

/** How far venues reach from their town's venue centre, in spreads: Paris's stay inside the Périphérique. */
const REACH = 1.1;

function jitter(rng: Rng, city: City): { lng: number; lat: number } {
  // Bigger cities spread wider; the spread is in degrees of latitude (~111 km), longitude scaled by latitude.
  const spread = Math.min(0.035, 0.008 * Math.sqrt(city.population / 100_000));
  const centre = city.venueCentre ?? city;
  const north = rng.normal() * spread;
  const east = rng.normal() * spread;
  // Dense near the centre as a normal spread is, but bounded: the distance is eased towards REACH spreads and never
  // passes it, so no venue lands in the suburbs with the town's address, or in the sea.
  const distance = Math.hypot(north, east);
  const reach = REACH * spread;
  const scale = distance === 0 ? 0 : (reach * Math.tanh(distance / reach)) / distance;
  const lat = centre.lat + north * scale;
  const lng = centre.lng + (east * scale) / Math.cos((centre.lat * Math.PI) / 180);
  return { lng: Math.round(lng * 1e6) / 1e6, lat: Math.round(lat * 1e6) / 1e6 };
}

/** The postal code of the arrondissement whose middle is nearest (Paris, Marseille, Lyon), else `drawn`. */
function postalCodeAt(city: City, { lng, lat }: { lng: number; lat: number }, drawn: string): string {
  if (!city.districts) return drawn;
  const cos = Math.cos((lat * Math.PI) / 180);
  let nearest = drawn;
  let best = Infinity;
  for (const district of city.districts) {
    const d = (district.lat - lat) ** 2 + ((district.lng - lng) * cos) ** 2;
    if (d < best) [best, nearest] = [d, district.postalCode];
  }
  return nearest;
}

async function createPlaces(session: SeedSession, rng: Rng, count: number): Promise<SeedPlace[]> {
  // Inputs first, in the RNG's order, then stored in two batches.
  const drafts: Array<{ mapPlace: MapPlaceInput | null; place: SeedPlaceInput; city: City; type: VenueType }> = [];
  const sharedCities = ['Lyon', 'Marseille', 'Bordeaux'];
  for (let i = 0; i < count; i += 1) {
    let city = rng.weighted(CITIES, (c) => c.population);
    let type = rng.pick(VENUE_TYPES);
    let name = `${type.label} ${rng.pick(VENUE_SUFFIXES)}`;
    const shared = Math.floor(i / 2);
    if (shared < SHARED_VENUE_NAMES.length) {
      // Some names exist in two cities (Paris and another), as in real life.
      name = SHARED_VENUE_NAMES[shared] as string;
      city = CITIES.find((c) => c.name === (i % 2 === 0 ? 'Paris' : sharedCities[shared])) as City;
      type = VENUE_TYPES.find((t) => t.label === (shared === 0 ? 'Théâtre' : 'Café-concert')) as VenueType;
    }
    const { lng, lat } = jitter(rng, city);
    const street = `${rng.int(1, 120)} ${rng.pick(STREETS)}`;
    // Drawn for every town, so the draws after it are the same whichever towns have arrondissements.
    const postalCode = postalCodeAt(city, { lng, lat }, rng.pick(city.postalCodes));
    // ~10% of places have no map place: their events have none either (docs/design.md §4.4: position from the address).
    const mapPlace: MapPlaceInput | null = rng.chance(0.9)
      ? {
          id: providerId(rng),
          name,
          lng,
          lat,
          street,
          city: city.name,
          postalCode,
          country: 'FR',
          address: `${street}, ${postalCode} ${city.name}, France`,
          averageGrade: rng.chance(0.9) ? Math.round(rng.float(3.4, 4.9) * 10) / 10 : null,
          totalGrades: rng.int(3, 4000),
          photoRef: rng.chance(0.7) ? `photo-${providerId(rng)}` : null,
          website: rng.chance(0.6) ? `https://www.${slug(name)}-${slug(city.name)}.example.fr` : null,
          editorialSummary: rng.chance(0.5) ? `${type.label} emblématique de ${city.name}.` : null,
          timeZone: DEFAULT_TIME_ZONE,
          periods: periodsFor(rng, type),
        }
      : null;
    const place: SeedPlaceInput = {
      place: {
        id: i + 1,
        name,
        lng,
        lat,
        street,
        city: city.name,
        postalCode,
        country: 'FR',
        averageGrade: Math.round(rng.float(3, 5) * 10) / 10,
        totalGrades: rng.int(0, 800),
      },
      mapPlaceId: mapPlace?.id ?? null,
    };
    drafts.push({ mapPlace, place, city, type });
  }
  const mapPlaces = await session.addMapPlaces(drafts.flatMap((draft) => (draft.mapPlace ? [draft.mapPlace] : [])));
  const mapPlaceById = new Map(mapPlaces.map((mapPlace) => [mapPlace.id, mapPlace]));
  const places = await session.addPlaces(drafts.map((draft) => draft.place));
  return drafts.map((draft, i) => ({
    place: places[i]!,
    mapPlace: draft.mapPlace ? mapPlaceById.get(draft.mapPlace.id)! : null,
    city: draft.city,
    type: draft.type,
  }));
}

/**
 * One performer in this many is a deliberate homonym of the one before it, and one in this many cannot be
 * confidently identified: both rules of the performer search stay exercised, while a real catalogue's names stay
 * unique — people look performers up by their exact name.
 */
const PERFORMER_SPECIAL_EVERY = 400;
const HOMONYM_AT = 37;
const UNCONFIRMED_AT = 23;

/** Ways to tell apart two acts the word lists would name alike, tried in order (no randomness). */
function nameVariants(kind: number, first: string, last: string, base: string): string[] {
  const cities = CITIES.map((city) => `${base} de ${city.name}`);
  if (kind === 3) {
    return [
      ...LAST_NAMES.filter((other) => other !== last).map((other) => `${first} ${last}-${other}`),
      ...FIRST_NAMES.filter((other) => other !== first).map((other) => `${first}-${other} ${last}`),
      ...FIRST_NAMES.filter((other) => other !== first).flatMap((other) =>
        LAST_NAMES.filter((second) => second !== last).map((second) => `${first}-${other} ${last}-${second}`),
      ),
      ...cities,
    ];
  }
  if (kind === 1) return [...['Duo', 'Quartet', 'Quintette', 'Ensemble'].map((word) => `${word} ${last}`), ...cities];
  return cities;
}

/**
 * The performers: names unique (compared as the search compares them, case and accents aside), except one
 * deliberate homonym per PERFORMER_SPECIAL_EVERY; `pastOnly` holds the ids of the homonyms and of the performers
 * whose identity is unconfirmed, which take part in past events only (see upcomingPerformers).
 */
async function createPerformers(
  session: SeedSession,
  rng: Rng,
  count: number,
): Promise<{ performers: PerformerRecord[]; pastOnly: Set<number> }> {
  const performers: PerformerInput[] = [];
  const pastOnly = new Set<number>();
  const taken = new Set<string>();
  for (let i = 0; i < count; i += 1) {
    const kind = rng.int(0, 4);
    const first = rng.pick(FIRST_NAMES);
    const last = rng.pick(LAST_NAMES);
    const base =
      kind === 0
        ? `Les ${rng.pick(BAND_WORDS)}`
        : kind === 1
          ? `Trio ${last}`
          : kind === 2
            ? `Compagnie ${rng.pick(VENUE_SUFFIXES).replace(/^(des|du|de la|de l')\s?/, '')}`
            : `${first} ${last}`;
    const homonym = i % PERFORMER_SPECIAL_EVERY === HOMONYM_AT && performers.length > 0;
    let name = homonym ? performers[performers.length - 1]!.name : base;
    if (!homonym) {
      const free = (candidate: string) => !taken.has(foldText(candidate));
      name = free(base) ? base : (nameVariants(kind, first, last, base).find(free) ?? `${base} ${i + 1}`);
    }
    taken.add(foldText(name));
    const description = rng.pick(PERFORMER_DESCRIPTIONS);
    // Drawn whatever happens, so the rest of the catalogue stays the same for a given seed.
    rng.chance(0.12);
    const unconfirmed = i % PERFORMER_SPECIAL_EVERY === UNCONFIRMED_AT;
    if (homonym || unconfirmed) pastOnly.add(i + 1);
    performers.push({
      id: i + 1,
      name,
      description,
      identityConfirmed: !unconfirmed,
      withImages: rng.chance(0.95),
    });
  }
  return { performers: await session.addPerformers(performers), pastOnly };
}

/**
 * The performers of an event that has not ended: the deliberate homonyms and unconfirmed performers give way to the
 * next regular performer, so that at most one performer with upcoming events per homonym pair cannot be found by
 * name (the other twin has past events only, which is enough to make the name ambiguous).
 */
function upcomingPerformers(
  chosen: PerformerRecord[],
  performers: readonly PerformerRecord[],
  pastOnly: ReadonlySet<number>,
): PerformerRecord[] {
  const result: PerformerRecord[] = [];
  for (const performer of chosen) {
    let index = performer.id - 1;
    let candidate = performer;
    for (
      let step = 0;
      step < performers.length && (pastOnly.has(candidate.id) || result.includes(candidate));
      step += 1
    ) {
      index = (index + 1) % performers.length;
      candidate = performers[index] as PerformerRecord;
    }
    if (!pastOnly.has(candidate.id) && !result.includes(candidate)) result.push(candidate);
  }
  return result;
}

const DURATIONS: Partial<Record<TMainCategory, [number, number]>> = {
  expo: [7 * DAY, 90 * DAY],
  festival: [DAY, 4 * DAY],
  salon: [2 * DAY, 4 * DAY],
  brocante: [6 * HOUR, 10 * HOUR],
  musique: [2 * HOUR, 3 * HOUR],
  spectacle: [90 * MINUTE, 150 * MINUTE],
  soiree: [4 * HOUR, 7 * HOUR],
  nature: [2 * HOUR, 5 * HOUR],
  sport: [2 * HOUR, 4 * HOUR],
};
const EVENING = new Set<TMainCategory>(['musique', 'spectacle', 'soiree', 'cinema', 'festival']);

/** Local wall-clock time (Europe/Paris) of a day `dayOffset` days from `now`, as epoch ms. */
function localTime(now: number, dayOffset: number, hour: number, minute: number): number {
  const base = new Date(now + dayOffset * DAY);
  const wall = Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate(), hour, minute);
  return wall - timeZoneOffsetMinutes(wall - 2 * HOUR, DEFAULT_TIME_ZONE) * MINUTE;
}

function pickGrade(rng: Rng): 1 | 2 | 3 | 4 | 5 {
  const r = rng.next();
  return r < 0.35 ? 5 : r < 0.7 ? 4 : r < 0.85 ? 3 : r < 0.95 ? 2 : 1;
}

/**
 * Fills the catalogue with `events` realistic, deterministic events (same seed and `now` → same rows and JSON):
 * venues in real French cities weighted by population, dates from 30 days ago to 120 days ahead, a mix of unknown,
 * free and good-deal prices, 1–3 sources, cancelled and sold-out events, performers, commentaries and opening periods.
 * Events are generated and handed to the store in batches; memory stays flat however many events are asked for.
 *
 * With `ingestion`, each batch enters through the ingestion path, then is enriched (seed-sources.ts); without, it is
 * written directly (benchmark volume). All or nothing: the whole seed, ingestion included, is one bulk load of the
 * store (SeedingStore), so a seed killed half-way leaves the catalogue exactly as it was (empty before a first seed, the old catalogue before a `reset`), never a mix; readers
 * keep seeing the old catalogue until the new one is complete.
 */
export async function seedCatalogue(seeding: SeedingStore, options: SeedOptions = {}): Promise<SeedStats> {
  const session = await seeding.beginSeed({ reset: options.reset ?? false });
  try {
    return await seedInSession(session, options);
  } catch (error) {
    await session.abort();
    throw error;
  }
}

async function seedInSession(session: SeedSession, options: SeedOptions): Promise<SeedStats> {
  const started = performance.now();
  const total = options.events ?? DEFAULT_SEED_EVENTS;
  const now = Math.trunc(options.now ?? Date.now());
  const batchSize = options.batchSize ?? 2_000;
  const rng = createRng(options.seed ?? 'eventmap');

  const places = await createPlaces(session, rng, Math.min(40_000, Math.max(60, Math.round(total / 15))));
  const { performers, pastOnly } = await createPerformers(
    session,
    rng,
    Math.min(40_000, Math.max(40, Math.round(total / 25))),
  );
  const partners = await session.partners();
  const subCategories: SubCategories = {};
  for (const c of CATEGORIES) if (c.subCategory) (subCategories[c.mainCategory] ??= []).push(c.id);

  const hosts = new Map(partners.map((p) => [p.id, partnerTicketingHost(p.name)]));
  const hostOf = (partner: PartnerRecord) => hosts.get(partner.id) as string;
  let nextSourceId = 1;
  const stats: SeedStats = {
    events: 0,
    places: places.length,
    mapPlaces: places.filter((p) => p.mapPlace).length,
    performers: performers.length,
    sources: 0,
    commentaries: 0,
    sourceRecords: 0,
    durationMs: 0,
  };
  const firstUpdated = now - total * UPDATED_STEP_MS;
  // The seeded places and performers under ingestion's venue and name keys, before any record looks them up.
  if (options.ingestion)
    await session.ingest.applyBatch(
      seedLinks(
        places.map((p) => p.place),
        performers,
      ),
    );

  const makeEvent = (id: number): EventRecord => {
    const venue = rng.pick(places);
    const main: TMainCategory | null = rng.chance(0.01)
      ? null
      : rng.chance(0.75)
        ? rng.weighted(venue.type.categories, (c) => (c === venue.type.categories[0] ? 3 : 1))
        : rng.pick(MAIN_CATEGORIES);
    const categoryIds: number[] = [];
    if (main) {
      categoryIds.push(CATEGORY_ID_BY_KEY.get(main) as number);
      const subs = subCategories[main];
      if (subs && rng.chance(0.55)) categoryIds.push(rng.pick(subs));
      if (rng.chance(0.06)) {
        const second = rng.pick(MAIN_CATEGORIES);
        if (second !== main) categoryIds.push(CATEGORY_ID_BY_KEY.get(second) as number);
      }
      categoryIds.sort((a, b) => a - b);
    }

    // Dates: local start times that suit the category, 30 days back to 120 days ahead.
    const dayOffset = rng.int(-30, 120);
    const evening = main !== null && EVENING.has(main);
    const startMs = localTime(
      now,
      dayOffset,
      evening ? rng.int(18, 21) : rng.int(9, 16),
      rng.pick([0, 0, 0, 15, 30, 30, 45]),
    );
    const [minDuration, maxDuration] = (main && DURATIONS[main]) ?? [90 * MINUTE, 4 * HOUR];
    const endMs = startMs + Math.round(rng.float(minDuration, maxDuration) / (15 * MINUTE)) * 15 * MINUTE;

    // Performers on concerts, shows and festivals (and book signings).
    let eventPerformers: PerformerRecord[] = [];
    if (main === 'musique') eventPerformers = rng.sample(performers, rng.int(1, 2));
    else if (main === 'spectacle') eventPerformers = rng.sample(performers, 1);
    else if (main === 'festival') eventPerformers = rng.sample(performers, rng.int(2, 5));
    let title = main ? rng.pick(EVENT_TITLES[main]) : `Rendez-vous au ${venue.place.name}`;
    if (title.includes('{p}') && eventPerformers.length === 0) eventPerformers = rng.sample(performers, 1);
    if (endMs >= now) eventPerformers = upcomingPerformers(eventPerformers, performers, pastOnly);
    title = title
      .replace('{p}', eventPerformers[0]?.name ?? '')
      .replace('{v}', venue.place.name)
      .replace('{c}', venue.city.name)
      .replace('{t}', rng.pick(THEMES));

    // Prices: ~15% unknown, ~10% free, the rest priced; good deals on ~12% of priced events.
    const priceKind = rng.next();
    const unknown = priceKind < 0.15;
    const free = !unknown && priceKind < 0.25;
    const low = Math.round(rng.float(5, main === 'spectacle' || main === 'musique' ? 55 : 30) * 2) / 2;
    const high = low + rng.pick([0, 5, 10, 15, 20, 35, 60]);
    const goodDeal = !unknown && !free && rng.chance(0.12);
    const soldOut = rng.chance(0.05);
    const cancelled = rng.chance(0.03);
    const updatedMs = firstUpdated + id * UPDATED_STEP_MS;
    const createdMs = updatedMs - rng.int(0, 60) * DAY - rng.int(0, DAY);

    const sourceCount = rng.chance(0.55) ? 1 : rng.chance(0.65) ? 2 : 3;
    const linkPath = `/evenement/${id}-${slug(title).slice(0, 40)}`;
    const sources: SourceRecord[] = rng.sample(partners, sourceCount).map((partner, index) => {
      const sourceId = nextSourceId++;
      const bump = index === 0 ? 0 : rng.pick([0, 0, 1, 2, 5]);
      const isGoodDeal = goodDeal && index === 0;
      const multiDay = endMs - startMs > DAY;
      const cantRetrieve = rng.chance(0.05);
      let availableDates: AvailableDateRecord[] = [];
      if (!cantRetrieve) {
        const slots = multiDay ? Math.min(3, Math.ceil((endMs - startMs) / DAY)) : 1;
        availableDates = Array.from({ length: slots }, (_, slot) => ({
          startMs: startMs + slot * DAY,
          endMs: multiDay ? Math.min(endMs, startMs + slot * DAY + 8 * HOUR) : endMs,
          hasEndDateNotReliable: false,
          hasUnknownAvailability: rng.chance(0.1),
        }));
      }
      return {
        id: sourceId,
        partner,
        startMs,
        endMs,
        lowestPrice: unknown ? null : free ? 0 : isGoodDeal ? Math.round(low * 0.8 * 2) / 2 : low + bump,
        highestPrice: unknown ? null : free ? 0 : high + bump,
        isGoodDeal,
        commissionFix: free ? 0 : rng.pick([0, 0.5, 1]),
        commissionPerTicket: free ? 0 : rng.pick([0, 0.2, 0.5]),
        commissionPerCart: rng.pick([0, 0, 0.3]),
        commissionRate: free ? 0 : rng.pick([0.02, 0.03, 0.05, 0.08]),
        link: `https://${hostOf(partner)}${linkPath}`,
        isBookable: !soldOut && !cancelled,
        availableDates,
        averageGrade: rng.chance(0.5) ? Math.round(rng.float(3, 5) * 10) / 10 : 0,
        totalGrades: rng.int(0, 300),
        cantRetrieveAvailableDates: cantRetrieve,
        notAvailableMs: soldOut ? updatedMs : null,
      };
    });
    const prices = derivePrices(sources);

    const commentaries: CommentaryRecord[] = [];
    const past = endMs < now;
    const commentCount = past ? (rng.chance(0.6) ? rng.int(1, 5) : 0) : rng.chance(0.15) ? rng.int(1, 2) : 0;
    for (let c = 0; c < commentCount; c += 1) {
      const grade = pickGrade(rng);
      const from = past ? endMs : createdMs;
      commentaries.push({
        grade,
        content: rng.pick(COMMENTARIES[grade]),
        username: rng.pick(USERNAMES),
        dateMs: Math.min(now, from + rng.int(0, 3 * DAY)),
      });
    }
    commentaries.sort((a, b) => a.dateMs - b.dateMs);

    const withImages = rng.chance(0.97);
    return {
      id,
      serviceId: 500_000 + id,
      name: title,
      description: `${rng.pick(DESCRIPTION_OPENINGS)} ${rng.pick(DESCRIPTION_DETAILS)}`,
      startMs,
      endMs,
      hasEndDateNotReliable: rng.chance(0.05),
      lowestPrice: prices.lowestPrice,
      highestPrice: prices.highestPrice,
      hasGoodDeal: prices.hasGoodDeal,
      image: withImages ? imagePath('event', id, 'main') : null,
      imageHeight: withImages ? 800 : null,
      imageWidth: withImages ? 1200 : null,
      squareImage: withImages ? imagePath('event', id, 'square') : null,
      rectangleImage: withImages ? imagePath('event', id, 'rectangle') : null,
      webImage: withImages ? imagePath('event', id, 'web') : null,
      notAvailableMs: soldOut ? updatedMs : null,
      cancelledMs: cancelled ? updatedMs : null,
      createdMs,
      updatedMs,
      timeZone: venue.place.timeZone,
      mapPlace: venue.mapPlace,
      place: venue.place,
      sources,
      categoryIds,
      commentaries,
      trendingScore: Math.round(rng.next() ** 3 * 1000 + commentaries.length * 20) / 10,
      performers: eventPerformers,
    };
  };

  for (let from = 1; from <= total; from += batchSize) {
    const to = Math.min(total, from + batchSize - 1);
    const batch: EventRecord[] = [];
    for (let id = from; id <= to; id += 1) {
      const record = makeEvent(id);
      stats.sources += record.sources.length;
      stats.commentaries += record.commentaries.length;
      batch.push(record);
    }
    if (options.ingestion) stats.sourceRecords += await ingestSeededEvents(session, batch);
    else await session.addEvents(batch);
    stats.events = to;
    options.onProgress?.(to, total);
  }
  await session.commit({ lastUpdatedMs: total > 0 ? firstUpdated + total * UPDATED_STEP_MS : 0, maxEventId: total });
  stats.durationMs = Math.round(performance.now() - started);
  return stats;
}
