import ICAL from 'ical.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { InputError } from '@/lib/api/query';
import type { TEvent } from '@/lib/contract';
import { createTestApp } from '@/partner-api/testing/test-app';
import { makeEventInput } from '@/partner-api/testing/fixtures';
import { eventsAtom, eventsCalendar, feedTitle } from './events-feed';
import { presetWindow } from '@/lib/shared/date-presets';
import { parseFeedQuery } from './feed-query';
import { feedSearchParams, webcalUrl } from './subscribe-link';
import { DEFAULT_FILTERS } from '@/lib/explorer/state';
import { filtersEventsRequest } from '@/lib/shared/filters-request';

const NOW = Date.parse('2026-06-17T10:00:00Z'); // a Wednesday, noon in Paris
const feedUrl = (search: string) => new URL(`http://localhost:3000/api/feeds/events.ics?${search}`);

function issues(search: string): string[] {
  try {
    parseFeedQuery(feedUrl(search), NOW);
  } catch (error) {
    if (error instanceof InputError) return error.issues.map((issue) => issue.pointer);
    throw error;
  }
  return [];
}

async function sampleEvents(): Promise<TEvent[]> {
  const service = await createTestApp();
  try {
    await service.store.catalogue.createEvent(makeEventInput({ name: 'Jazz, "late" & more; night' }));
    const cancelled = await service.store.catalogue.createEvent(makeEventInput({ name: 'Opéra annulé' }));
    await service.store.catalogue.cancelEvent(cancelled);
    const response = await service.request({ method: 'POST', url: '/v2/get/events', payload: {} });
    return response.json<{ data: TEvent[] }>().data;
  } finally {
    await service.close();
  }
}

describe('feed query', () => {
  it('maps the explorer filters onto the events query, with relative windows in the visitor zone', () => {
    const query = parseFeedQuery(
      feedUrl(
        'minLng=4.7&maxLng=5&minLat=45.6&maxLat=45.9&categories=musique,expo&when=weekend&maxPrice=30&tz=Europe/Paris',
      ),
      NOW,
    );
    expect(query.request.locationFilter).toEqual({ rectangle: { minLng: 4.7, maxLng: 5, minLat: 45.6, maxLat: 45.9 } });
    expect(query.request.categories).toEqual(['musique', 'expo']);
    expect(query.request.pricesFilter).toEqual({ highestPrice: 30 });
    // Friday 18:00 to the end of Sunday, Paris time (the explorer's window for the same preset).
    expect(query.request.datesFilter).toEqual({
      minDate: '2026-06-19T16:00:00.000Z',
      maxDate: '2026-06-21T21:59:59.999Z',
    });
    expect(parseFeedQuery(feedUrl('live=1'), NOW).request.datesFilter).toEqual({ isLive: true });
  });

  it('names every malformed parameter', () => {
    expect(issues('when=soon')).toEqual(['#/when']);
    expect(issues('tz=Mars/Olympus')).toEqual(['#/tz']);
    expect(issues('from=2026-02-30')).toEqual(['#/from']);
    expect(issues('minLng=4')).toEqual(expect.arrayContaining(['#/maxLng', '#/minLat', '#/maxLat']));
    expect(issues('categories=opera')).toEqual(['#/categories/0']);
    expect(issues('maxPrice=-1')).toEqual(['#/maxPrice']);
    expect(issues('live=1&when=today')).toEqual(['#/when']);
    expect(issues('page=2')).toEqual(['#/page']);
  });

  it('keeps "tonight" the night under way after midnight', () => {
    const lateNight = Date.parse('2026-06-17T23:30:00Z'); // 01:30 in Paris
    expect(presetWindow('tonight', lateNight, 'Europe/Paris')).toEqual({
      from: lateNight,
      to: Date.parse('2026-06-18T02:00:00Z'),
    });
  });

  it('builds the subscribe link from the explorer state', () => {
    const search = feedSearchParams(
      { ...DEFAULT_FILTERS, categories: ['musique'], when: 'week', free: true },
      { west: 4.71234, south: 45.7, east: 4.9, north: 45.8 },
      'Europe/Paris',
      'en',
    );
    expect(search.toString()).toBe(
      'minLng=4.712&maxLng=4.9&minLat=45.7&maxLat=45.8&categories=musique&when=week&free=1&tz=Europe%2FParis&lang=en',
    );
    expect(webcalUrl('https://events.example', search)).toMatch(
      /^webcal:\/\/events\.example\/api\/feeds\/events\.ics\?/,
    );
    expect(() => parseFeedQuery(feedUrl(search.toString()), NOW)).not.toThrow();
  });
});

describe('feed URLs and the filters vocabulary', () => {
  it('asks for what the explorer asks for under the same filters, area and time zone', () => {
    const filters = { ...DEFAULT_FILTERS, categories: ['musique' as const], when: 'weekend' as const, maxPrice: 30 };
    const area = { west: 4.7, south: 45.6, east: 5, north: 45.9 };
    const feed = parseFeedQuery(feedUrl(feedSearchParams(filters, area, 'Europe/Paris', 'fr').toString()), NOW);
    const explorer = filtersEventsRequest(filters, { area, now: NOW, timeZone: 'Europe/Paris' });
    expect(feed.request).toEqual({ ...explorer, limit: 200 });
  });

  it('keeps reading the legacy forms of published feed links', () => {
    // Flags written as true/false, and knownPrice=0 (never written by the product) read as no price filter.
    expect(parseFeedQuery(feedUrl('live=true'), NOW).request.datesFilter).toEqual({ isLive: true });
    expect(parseFeedQuery(feedUrl('free=true'), NOW).request.pricesFilter).toEqual({
      lowestPrice: 0,
      highestPrice: 0,
      hasKnownPrice: true,
    });
    expect(parseFeedQuery(feedUrl('knownPrice=0&maxPrice=10'), NOW).request.pricesFilter).toEqual({ highestPrice: 10 });
    // Custom days without a last day end with the feed's horizon.
    expect(parseFeedQuery(feedUrl('from=2026-06-20&tz=Europe/Paris'), NOW).request.datesFilter).toEqual({
      minDate: '2026-06-19T22:00:00.000Z',
      maxDate: '2026-07-17T10:00:00.000Z',
    });
  });

  it('names the parameter of a rule between filters', () => {
    expect(issues('free=1&maxPrice=10')).toEqual(['#/maxPrice']);
    expect(issues('when=week&from=2026-06-20')).toEqual(['#/when']);
    expect(issues('from=2026-06-21&to=2026-06-20')).toEqual(['#/from']);
    expect(issues('minLng=5&maxLng=6&minLat=46&maxLat=45')).toEqual(['#/minLat']);
  });
});

describe('feeds', () => {
  it('is valid iCalendar: one VEVENT per event, escaped text, cancelled events marked', async () => {
    const events = await sampleEvents();
    const text = eventsCalendar(
      events,
      'Eventmap — Music',
      'http://localhost:3000',
      'http://localhost:3000/api/feeds/events.ics',
    );
    const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
    const vevents = calendar.getAllSubcomponents('vevent');
    expect(vevents).toHaveLength(events.length);
    const byName = new Map(vevents.map((v) => [v.getFirstPropertyValue('summary'), v]));
    const jazz = byName.get('Jazz, "late" & more; night')!;
    const source = events.find((e) => e.name.startsWith('Jazz'))!;
    expect(new ICAL.Event(jazz).startDate.toJSDate().getTime()).toBe(
      Date.parse(source.startDate.replace(' ', 'T').replace(/ ([+-]\d\d)(\d\d)$/, '$1:$2')),
    );
    expect(jazz.getFirstPropertyValue('url')).toBe(`http://localhost:3000/events/${source.id}`);
    expect(byName.get('Opéra annulé')!.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Eventmap — Music');
  });

  it('is valid Atom: one entry per event linking to its page', async () => {
    const events = await sampleEvents();
    const xml = eventsAtom(
      events,
      'Eventmap — Events',
      'http://localhost:3000',
      'http://localhost:3000/api/feeds/events.atom',
      'en',
      new Date(NOW),
    );
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as {
      feed: {
        '@_xmlns': string;
        title: string;
        id: string;
        updated: string;
        entry: Array<{ id: string; title: { '#text': string }; updated: string; link: { '@_href': string } }>;
      };
    };
    expect(parsed.feed['@_xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(parsed.feed.entry).toHaveLength(events.length);
    for (const entry of parsed.feed.entry) {
      expect(entry.link['@_href']).toBe(entry.id);
      expect(Number.isNaN(Date.parse(entry.updated))).toBe(false);
    }
    expect(parsed.feed.entry.map((e) => e.title['#text'])).toContain('Jazz, "late" & more; night');
  });

  it('titles a feed by its categories and dates', () => {
    const query = parseFeedQuery(feedUrl('categories=musique,none&when=tonight'), NOW);
    expect(feedTitle(query, 'fr', 'Eventmap')).toBe('Eventmap — Musique, Sans catégorie ce soir');
    expect(feedTitle(parseFeedQuery(feedUrl(''), NOW), 'en', 'Eventmap')).toBe('Eventmap — Events');
  });
});
