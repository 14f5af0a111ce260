import type { TEvent } from '@/lib/contract';
// The categories module, not the barrel: the barrel would pull every zod schema into the client bundle.
import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract/categories';
import type { Locale } from '@/lib/i18n/config';
import { explorerMessages } from '@/lib/i18n/explorer-messages';

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})/;

/**
 * The wall-clock parts of a wire date (`YYYY-MM-DD hh:mm:ss.SSS +hhmm`, in the place's time zone). Events are shown
 * in their own local time, whatever the visitor's zone, so the offset is deliberately ignored here.
 */
function wallClock(value: string): Date | null {
  const m = WIRE_DATE.exec(value);
  if (!m) return null;
  const [y = 0, mo = 1, d, h, mi] = m.slice(1).map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi));
}

/** The instant of a wire date (offset honoured), in epoch milliseconds. */
export function wireInstant(value: string): number {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ?([+-]\d{2})(\d{2})$/.exec(value);
  return m ? Date.parse(`${m[1]}T${m[2]}${m[3]}:${m[4]}`) : Date.parse(value);
}

/**
 * Formatters are built once per locale and option set: constructing an Intl formatter costs far more than using one,
 * and the list formats up to 500 cards in the render that shows the first events (the map waits on that thread).
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function dateFormat(tag: string, kind: 'day' | 'time'): Intl.DateTimeFormat {
  const key = `${tag}|${kind}`;
  let f = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    f = new Intl.DateTimeFormat(
      tag,
      kind === 'day'
        ? { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }
        : { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' },
    );
    formatters.set(key, f);
  }
  return f;
}
function moneyFormat(tag: string, cents: boolean): Intl.NumberFormat {
  const key = `${tag}|money|${cents}`;
  let f = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: 'EUR',
      minimumFractionDigits: cents ? 2 : 0,
      maximumFractionDigits: 2,
    });
    formatters.set(key, f);
  }
  return f;
}

/** "Sat 22 Nov, 20:30" — or "Sat 22 Nov, 20:30 – Sun 23 Nov" for events over several days. */
export function formatEventWhen(event: Pick<TEvent, 'startDate' | 'endDate'>, locale: Locale): string {
  const start = wallClock(event.startDate);
  const end = wallClock(event.endDate);
  if (!start) return event.startDate;
  const tag = locale === 'fr' ? 'fr-FR' : 'en-GB';
  const day = dateFormat(tag, 'day');
  const time = dateFormat(tag, 'time');
  const first = `${day.format(start)}, ${time.format(start)}`;
  if (!end || end.toISOString().slice(0, 10) === start.toISOString().slice(0, 10)) return first;
  return `${first} – ${day.format(end)}`;
}

/** An amount in euros: whole euros stay whole ("€12"); anything with cents shows both digits ("€29.50"). */
export function formatEuros(amount: number, locale: Locale): string {
  return moneyFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', !Number.isInteger(amount)).format(amount);
}

/** "Free", "12 €", "From 12 €" or "Price not available" (the record pages' wording, from the one dictionary). */
export function formatPrice(
  event: { lowestPrice?: number | null; highestPrice?: number | null },
  locale: Locale,
): string {
  const { lowestPrice: low = null, highestPrice: high = null } = event;
  if (low === null && high === null) return explorerMessages(locale).priceUnknown;
  const money = { format: (n: number) => formatEuros(n, locale) };
  if ((low ?? 0) === 0 && (high ?? 0) === 0) return locale === 'fr' ? 'Gratuit' : 'Free';
  if (low !== null && high !== null && low !== high) return `${locale === 'fr' ? 'Dès' : 'From'} ${money.format(low)}`;
  return money.format(low ?? high ?? 0);
}

/** Whether an event is on now or starts within three hours (the API's definition of live). */
export function isLiveAt(event: Pick<TEvent, 'startDate' | 'endDate'>, now: number): boolean {
  return wireInstant(event.startDate) <= now + 3 * 3600_000 && wireInstant(event.endDate) >= now;
}

/** The main category of an event, if it is one the app knows. */
export function mainCategoryOf(event: Pick<TEvent, 'categories'>): TMainCategory | null {
  const cat = event.categories[0]?.mainCategory;
  return cat && (MAIN_CATEGORIES as readonly string[]).includes(cat) ? (cat as TMainCategory) : null;
}

/** Label of a main category in a locale. */
export function categoryLabel(category: TMainCategory, locale: Locale): string {
  return CATEGORY_LABELS[category][locale];
}

/** "1,240" in English, "1 240" in French. */
export function formatCount(n: number, locale: Locale): string {
  return n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');
}
