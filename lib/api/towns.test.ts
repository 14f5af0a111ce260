import { describe, expect, it, vi } from 'vitest';
import { GET as townsRoute } from '@/app/api/towns/route';
import { createGazetteer } from '@/lib/gazetteer/gazetteer';

// A small gazetteer in place of the build's file: the route's HTTP behaviour is under test, not the data.
vi.mock('@/lib/gazetteer/load', () => ({
  serverGazetteer: () =>
    createGazetteer({
      source: 'test',
      regions: { '13': 'Bouches-du-Rhône', '73': 'Savoie' },
      towns: [
        ['Aix-en-Provence', 5.4497, 43.5283, 146_821, 'FR', '13'],
        ['Aix-les-Bains', 5.9086, 45.6917, 27_651, 'FR', '73'],
        ['Aachen', 6.0834, 50.7766, 265_985, 'DE', ''],
        ['Chemnitz', 12.9214, 50.8357, 247_220, 'DE', ''],
        ['Chambéry', 5.9178, 45.5646, 58_833, 'FR', '73'],
      ],
    }),
}));

const get = (query: string) => townsRoute(new Request(`http://app.test/api/towns?${query}`));

describe('GET /api/towns', () => {
  it('answers the towns a text starts, with their département, cacheable', async () => {
    const res = get('q=AIX');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('s-maxage');
    const body = (await res.json()) as { name: string; region: string | null }[];
    expect(body.map((t) => [t.name, t.region])).toEqual([
      ['Aix-en-Provence', 'Bouches-du-Rhône'],
      ['Aix-les-Bains', 'Savoie'],
    ]);
  });

  it("names the towns in the language asked, and finds them by that language's names", async () => {
    const named = async (query: string) => ((await get(query).json()) as { name: string }[]).map((t) => t.name);
    expect(await named('q=aix&lang=fr')).toEqual(['Aix-en-Provence', 'Aix-les-Bains', 'Aix-la-Chapelle']);
    expect(await named('q=aachen&lang=fr')).toEqual(['Aix-la-Chapelle']);
    expect(await named('q=aachen&lang=en')).toEqual(['Aachen']);
    expect(await named('q=aix&lang=en')).toEqual(['Aix-en-Provence', 'Aix-les-Bains']);
  });

  it("ranks the towns a text begins nearer the map's centre first", async () => {
    const named = async (query: string) => ((await get(query).json()) as { name: string }[]).map((t) => t.name);
    // By size, Chemnitz; seen from Aix-les-Bains, Chambéry next door.
    expect(await named('q=ch&limit=1')).toEqual(['Chemnitz']);
    expect(await named('q=ch&limit=1&lng=5.91&lat=45.69')).toEqual(['Chambéry']);
  });

  it('honours the limit and answers an empty list for text that names no town', async () => {
    expect(((await get('q=aix&limit=1').json()) as unknown[]).length).toBe(1);
    expect(await get('q=%F0%9F%8E%89').json()).toEqual([]);
  });

  it('refuses a missing, blank, overlong or unknown parameter with a problem, never a 5xx', () => {
    for (const query of [
      '',
      'q=%20%20',
      `q=${'a'.repeat(201)}`,
      'q=aix&limit=99',
      'q=aix&foo=1',
      'q=aix&lang=de',
      'q=aix&lng=5.9',
      'q=aix&lat=45.6',
      'q=aix&lng=200&lat=45.6',
      'q=aix&lng=east&lat=45.6',
    ]) {
      const res = get(query);
      expect(res.status, query).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
    }
  });
});
