import { parse } from 'parse5';
import { FormatError, type ReadItem } from './items';
import { splitLocation } from './location';

/*
 * schema.org Event as JSON-LD: a JSON file (an Event, an array, or an @graph) or an HTML page's
 * <script type="application/ld+json"> blocks (found with parse5, the WHATWG parser). Each Event node is one record,
 * numbered from 1 in document order. Only the schema.org vocabulary as commonly written is read (no JSON-LD
 * expansion of custom contexts).
 */

type Node = Record<string, unknown>;

const EVENT_TYPES = new Set([
  'Event',
  'BusinessEvent',
  'ChildrensEvent',
  'ComedyEvent',
  'CourseInstance',
  'DanceEvent',
  'DeliveryEvent',
  'EducationEvent',
  'EventSeries',
  'ExhibitionEvent',
  'Festival',
  'FoodEvent',
  'Hackathon',
  'LiteraryEvent',
  'MusicEvent',
  'PublicationEvent',
  'SaleEvent',
  'ScreeningEvent',
  'SocialEvent',
  'SportsEvent',
  'TheaterEvent',
  'VisualArtsEvent',
]);

const bare = (type: string) => type.replace(/^(https?:\/\/schema\.org\/|schema:)/, '');

function typesOf(node: Node): string[] {
  const type = node['@type'];
  return (Array.isArray(type) ? type : [type]).filter((t): t is string => typeof t === 'string').map(bare);
}

const isNode = (value: unknown): value is Node => value !== null && typeof value === 'object' && !Array.isArray(value);

const list = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

function str(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

function num(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(',', '.')) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** Every Event node of a JSON-LD value (arrays and @graph walked; nested events such as subEvent not). */
function eventNodes(value: unknown, out: Node[]): void {
  for (const item of list(value)) {
    if (!isNode(item)) continue;
    if (typesOf(item).some((t) => EVENT_TYPES.has(t))) out.push(item);
    else if (item['@graph']) eventNodes(item['@graph'], out);
  }
}

function venueOf(location: unknown): Record<string, unknown> | undefined {
  const place = list(location).find(isNode) ?? (typeof location === 'string' ? location : undefined);
  if (typeof place === 'string') return splitLocation(place);
  if (!place) return undefined;
  const venue: Record<string, unknown> = {};
  const name = str(place.name);
  if (name) venue.name = name;
  const address = place.address;
  if (isNode(address)) {
    const street = str(address.streetAddress);
    const postalCode = str(address.postalCode);
    const city = str(address.addressLocality);
    const country = isNode(address.addressCountry) ? str(address.addressCountry.name) : str(address.addressCountry);
    if (street) venue.street = street;
    if (postalCode) venue.postalCode = postalCode;
    if (city) venue.city = city;
    if (country && /^[A-Za-z]{2}$/.test(country)) venue.country = country.toUpperCase();
  } else if (typeof address === 'string') {
    const split = splitLocation(`${name ?? ''}, ${address}`);
    if (split.street) venue.street = split.street;
    if (split.postalCode) venue.postalCode = split.postalCode;
    if (split.city) venue.city = split.city;
  }
  const geo = isNode(place.geo) ? place.geo : undefined;
  const lat = num(geo?.latitude);
  const lng = num(geo?.longitude);
  if (lat !== undefined && lng !== undefined) Object.assign(venue, { lat, lng });
  return venue;
}

/** One Event node as a candidate source record. */
function recordOf(node: Node): Record<string, unknown> {
  const offers = list(node.offers).filter(isNode);
  const prices: number[] = [];
  let link: string | undefined;
  let soldOut = offers.length > 0;
  for (const offer of offers) {
    const currency = str(offer.priceCurrency);
    if (currency && currency.toUpperCase() !== 'EUR') throw new Error(`offer price in ${currency}, not EUR`);
    for (const key of ['price', 'lowPrice', 'highPrice']) {
      const price = num(offer[key]);
      if (price !== undefined) prices.push(price);
    }
    link ??= str(offer.url);
    const availability = str(offer.availability);
    if (!availability || !/(SoldOut|OutOfStock|Discontinued)$/.test(availability)) soldOut = false;
  }
  const status = str(node.eventStatus) ?? '';
  const performers = list(node.performer)
    .map((p) => (isNode(p) ? str(p.name) : str(p)))
    .filter((p): p is string => p !== undefined);
  const images = list(node.image)
    .map((i) => (isNode(i) ? str(i.url) : str(i)))
    .filter((i): i is string => i !== undefined);
  const start = str(node.startDate);
  const end = str(node.endDate);
  const venue = venueOf(node.location);
  const keywords = typeof node.keywords === 'string' ? node.keywords.split(',') : list(node.keywords);
  return {
    id: str(node['@id']) ?? str(node.identifier) ?? str(node.url),
    name: str(node.name),
    ...(str(node.description) ? { description: str(node.description) } : {}),
    ...(start ? { dates: [{ start, ...(end ? { end } : {}) }] } : {}),
    ...(venue ? { venue } : {}),
    ...(prices.length > 0 ? { lowestPrice: Math.min(...prices), highestPrice: Math.max(...prices) } : {}),
    ...((link ?? str(node.url)) ? { link: link ?? str(node.url) } : {}),
    ...(images.length > 0 ? { images } : {}),
    ...(performers.length > 0 ? { performers } : {}),
    categories: [...typesOf(node), ...keywords.filter((k): k is string => typeof k === 'string')].filter(
      (t) => t !== 'Event',
    ),
    ...(/EventCancelled$/.test(status) ? { status: 'cancelled' } : soldOut ? { status: 'soldOut' } : {}),
  };
}

interface HtmlNode {
  nodeName: string;
  attrs?: Array<{ name: string; value: string }>;
  childNodes?: HtmlNode[];
  content?: HtmlNode;
  value?: string;
}

/** The text of every <script type="application/ld+json"> of a page. */
function ldScripts(html: string): string[] {
  const out: string[] = [];
  const walk = (node: HtmlNode) => {
    if (
      node.nodeName === 'script' &&
      node.attrs?.some((a) => a.name === 'type' && a.value.trim().toLowerCase() === 'application/ld+json')
    ) {
      out.push((node.childNodes ?? []).map((c) => c.value ?? '').join(''));
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(parse(html));
  return out;
}

/** A JSON-LD file or an HTML page with JSON-LD; `html` says which (else guessed from the first character). */
export function* readJsonLd(source: string, html?: boolean): Generator<ReadItem> {
  const isHtml = html ?? source.trimStart().startsWith('<');
  const blocks = isHtml ? ldScripts(source) : [source];
  if (isHtml && blocks.length === 0) throw new FormatError('no <script type="application/ld+json"> in this page');
  const nodes: Node[] = [];
  for (const [i, block] of blocks.entries()) {
    let value: unknown;
    try {
      value = JSON.parse(block);
    } catch (error) {
      const where = isHtml ? `JSON-LD script ${i + 1}` : 'this file';
      throw new FormatError(`${where} is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    eventNodes(value, nodes);
  }
  if (nodes.length === 0) throw new FormatError('no schema.org Event in this JSON-LD');
  for (const [i, node] of nodes.entries()) {
    try {
      yield { position: i + 1, unit: 'item', value: recordOf(node) };
    } catch (error) {
      const id = str(node['@id']) ?? str(node.url);
      yield {
        position: i + 1,
        unit: 'item',
        error: error instanceof Error ? error.message : String(error),
        ...(id ? { recordId: id } : {}),
      };
    }
  }
}
