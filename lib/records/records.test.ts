import { describe, expect, it } from 'vitest';
import type { TSource } from '@/lib/contract';
import { fakeEvent } from '@/test/web/fixtures';
import { descriptionParagraphs, summary } from './description';
import { eventDates } from './event-dates';
import { eventIcs } from './event-ics';
import { eventJsonLd, serializeJsonLd } from './event-json-ld';
import { eventStates } from './event-status';
import { openingWeek } from './opening-hours';
import { performerDescription } from './performer';
import { paginate, parsePageParam, upcomingEvents } from './upcoming';

const NOW = Date.parse('2026-11-22T12:00:00Z');

function source(overrides: Partial<TSource> = {}): TSource {
  return {
    id: 1,
    partner: { name: 'Billetto', logo: 'http://127.0.0.1:4000/img/p.svg', backColor: '#ff0000' },
    startDate: '2026-11-22 20:30:00.000 +0100',
    endDate: '2026-11-22 23:00:00.000 +0100',
    lowestPrice: 12,
    highestPrice: 30,
    isGoodDeal: false,
    commissionFix: 0,
    commissionPerTicket: 0,
    commissionPerCart: 0,
    commissionRate: 0.05,
    link: 'http://127.0.0.1:4000/r/abc',
    isBookable: true,
    availableDates: [],
    averageGrade: 0,
    totalGrades: 0,
    cantRetrieveAvailableDates: false,
    notAvailableAt: null,
    ...overrides,
  };
}

describe('descriptionParagraphs', () => {
  it('keeps text as text: tags are dropped, breaks kept', () => {
    const text = 'Hello <b>world</b><br>second line\n\n<script>alert(1)</script>Next &amp; last &lt;3';
    expect(descriptionParagraphs(text)).toEqual([['Hello world', 'second line'], ['alert(1)Next & last <3']]);
    expect(descriptionParagraphs('<p>a</p><p>b</p>')).toEqual([['a'], ['b']]);
    expect(descriptionParagraphs('   ')).toEqual([]);
  });

  it('summarizes on a word boundary', () => {
    expect(summary('word '.repeat(100), 40).length).toBeLessThanOrEqual(40);
    expect(summary('short')).toBe('short');
  });
});

describe('event states and dates', () => {
  it('reports cancelled, sold out and passed', () => {
    expect(eventStates(fakeEvent(1), NOW)).toEqual([]);
    expect(eventStates(fakeEvent(1, { cancelledAt: '2026-11-01T00:00:00Z' }), NOW)).toEqual(['cancelled']);
    expect(eventStates(fakeEvent(1, { notAvailableAt: '2026-11-01T00:00:00Z' }), NOW)).toEqual(['sold-out']);
    const past = fakeEvent(1, { startDate: '2026-11-20 20:00:00.000 +0100', endDate: '2026-11-20 22:00:00.000 +0100' });
    expect(eventStates(past, NOW)).toEqual(['passed']);
  });

  it('merges the available dates of every source, once each, in order', () => {
    const d = (day: number, unknown: boolean) => ({
      startDate: `2026-12-0${day} 20:00:00.000 +0100`,
      endDate: `2026-12-0${day} 22:00:00.000 +0100`,
      hasEndDateNotReliable: false,
      hasUnknownAvailability: unknown,
    });
    const event = fakeEvent(1, {
      sources: [source({ availableDates: [d(3, true), d(1, true)] }), source({ id: 2, availableDates: [d(3, false)] })],
    });
    const dates = eventDates(event);
    expect(dates.map((x) => x.startDate.slice(0, 10))).toEqual(['2026-12-01', '2026-12-03']);
    expect(dates[1]!.hasUnknownAvailability).toBe(false);
    expect(eventDates(fakeEvent(2))).toHaveLength(1);
  });
});

describe('eventJsonLd', () => {
  it('carries name, dates with offset, location, status and an AggregateOffer', () => {
    const event = fakeEvent(5, {
      name: 'Jazz </script><script>x',
      sources: [
        source(),
        source({ id: 2, lowestPrice: 8, highestPrice: 20, partner: { name: 'B', logo: '', backColor: '#000' } }),
      ],
    });
    const doc = eventJsonLd(event, 'https://x.test/events/5', NOW);
    expect(doc).toMatchObject({
      '@type': 'Event',
      startDate: '2026-11-22T20:30:00+01:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Salle Sept', address: { addressLocality: 'Paris' } },
      offers: { '@type': 'AggregateOffer', lowPrice: 8, highPrice: 30, priceCurrency: 'EUR', offerCount: 2 },
    });
    // Crawlers must not follow tracked links.
    expect(JSON.stringify(doc)).not.toContain('/r/abc');
    const serialized = serializeJsonLd(doc);
    expect(serialized).not.toContain('</script>');
    expect((JSON.parse(serialized) as { name: string }).name).toBe(event.name);
    const cancelled = eventJsonLd(fakeEvent(5, { cancelledAt: '2026-11-01T00:00:00Z' }), 'u', NOW);
    expect(cancelled.eventStatus).toBe('https://schema.org/EventCancelled');
  });
});

describe('eventIcs', () => {
  it('writes a valid, escaped, folded VEVENT in UTC', () => {
    const event = fakeEvent(9, { name: 'Rock, pop; et \\ jazz', description: 'Ligne 1\nLigne 2 ' + 'é'.repeat(80) });
    const ics = eventIcs(event, 'https://x.test/events/9', new Date(NOW));
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('DTSTART:20261122T193000Z\r\n');
    expect(ics).toContain('DTEND:20261122T220000Z\r\n');
    expect(ics).toContain('SUMMARY:Rock\\, pop\\; et \\\\ jazz\r\n');
    expect(ics).toContain('STATUS:CONFIRMED');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('picks one available date when asked', () => {
    const date = {
      startDate: '2026-12-05 18:00:00.000 +0100',
      endDate: '2026-12-05 19:00:00.000 +0100',
      hasEndDateNotReliable: false,
      hasUnknownAvailability: false,
    };
    const event = fakeEvent(9, { sources: [source({ availableDates: [date] })] });
    expect(eventIcs(event, 'u', new Date(NOW), date.startDate)).toContain('DTSTART:20261205T170000Z');
    expect(eventIcs(event, 'u', new Date(NOW), 'nope')).toContain('DTSTART:20261122T193000Z');
  });
});

describe('openingWeek', () => {
  it('builds a Monday-first week with closed days and overnight intervals', () => {
    const week = openingWeek([
      { open: { day: 0, time: '1000' }, close: { day: 0, time: '1400' } },
      { open: { day: 1, time: '1400' }, close: { day: 1, time: '1800' } },
      { open: { day: 1, time: '0900' }, close: { day: 1, time: '1200' } },
      { open: { day: 5, time: '2200' }, close: { day: 6, time: '0200' } },
    ]);
    expect(week.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(week[0]!.intervals.map((i) => i.open)).toEqual(['0900', '1400']);
    expect(week[1]!.intervals).toEqual([]);
    expect(week[4]!.intervals[0]).toEqual({ open: '2200', close: '0200', overnight: true });
  });
});

describe('upcoming and pages', () => {
  it('keeps events not ended, soonest first, and pages them', () => {
    const past = fakeEvent(1, { startDate: '2026-11-01 20:00:00.000 +0100', endDate: '2026-11-01 22:00:00.000 +0100' });
    const later = fakeEvent(2, {
      startDate: '2026-12-01 20:00:00.000 +0100',
      endDate: '2026-12-01 22:00:00.000 +0100',
    });
    const soon = fakeEvent(3);
    expect(upcomingEvents([past, later, soon], NOW).map((e) => e.id)).toEqual([3, 2]);
    const page = paginate([1, 2, 3, 4, 5], 9, 2);
    expect(page).toEqual({ items: [5], page: 3, totalPages: 3, totalItems: 5 });
    expect(paginate([], 1, 10).totalPages).toBe(1);
    expect(parsePageParam('2')).toBe(2);
    expect(parsePageParam(['x'])).toBe(1);
    expect(parsePageParam('0')).toBe(1);
  });
});

describe('partner colours', async () => {
  const { readableTextColor, safeColor } = await import('./colors');
  it('picks readable text and rejects non-colours', () => {
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#1d3557')).toBe('#ffffff');
    expect(readableTextColor('#ff0')).toBe('#000000');
    expect(safeColor('red;background:url(x)')).toBe('#1d3557');
  });
});

describe('performerDescription', () => {
  it('takes the description from the performer inside their events', () => {
    const short = { id: 4, name: 'P', description: 'Trio de jazz', image: '', webImage: '' };
    const other = { ...short, id: 5, description: 'Autre' };
    const performer = {
      id: 4,
      name: 'P',
      image: null,
      squareImage: null,
      rectangleImage: null,
      webImage: null,
      events: [fakeEvent(1, { performers: [other] }), fakeEvent(2, { performers: [other, short] })],
    };
    expect(performerDescription(performer)).toBe('Trio de jazz');
    expect(performerDescription({ ...performer, events: [] })).toBe('');
  });
});
