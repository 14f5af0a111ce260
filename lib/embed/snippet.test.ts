import { describe, expect, it } from 'vitest';
import { ZExplorerFiltersSchema } from '@/lib/contract/filters';
import { embedFilterParams, embedFilters } from './embed-filters';
import { embedSnippet, embedUrl, snippetFilters, type SnippetOptions } from './snippet';

const OPTIONS: SnippetOptions = {
  categories: ['musique', 'expo'],
  bbox: '4.7,45.7,4.95,45.82',
  near: null,
  live: true,
  when: '',
  free: false,
  maxPrice: 30,
  sort: 'cheapest',
  lock: ['cat', 'area'],
  locale: 'en',
  theme: 'dark',
  target: '_blank',
  height: 600,
};

describe('embed snippet', () => {
  it('puts every chosen option in the embed URL', () => {
    const url = new URL(embedUrl('https://map.example', OPTIONS));
    expect(url.origin).toBe('https://map.example');
    expect(url.pathname).toBe('/embed');
    // Categories in the catalogue's order, as the explorer's URL writes them (lib/embed/embed-filters.ts).
    expect(Object.fromEntries(url.searchParams)).toEqual({
      categories: 'expo,musique',
      bbox: '4.7,45.7,4.95,45.82',
      live: '1',
      max: '30',
      sort: 'cheapest',
      lock: 'cat,area',
      locale: 'en',
      theme: 'dark',
      target: '_blank',
    });
  });

  it('escapes the title and listens to the embed origin only', () => {
    const html = embedSnippet('https://map.example', 'A "quoted" <map>', { ...OPTIONS, categories: [] });
    expect(html).toContain('title="A &quot;quoted&quot; &lt;map>"');
    expect(html).toContain('event.origin !== "https://map.example"');
    expect(html).toContain('height="600"');
    expect(html).toContain('src="https://map.example/embed?bbox=');
    expect(html).toContain('&amp;live=1');
    expect(html).toContain('allow="fullscreen">');
    expect(html).not.toContain('geolocation');
  });

  it('asks for the position only when the embed follows the visitor, with its fixed area as the fallback', () => {
    const options = { ...OPTIONS, near: 2.5 };
    const url = new URL(embedUrl('https://map.example', options));
    expect(url.searchParams.get('near')).toBe('2.5');
    expect(url.searchParams.get('bbox')).toBe('4.7,45.7,4.95,45.82');
    expect(embedSnippet('https://map.example', 'Map', options)).toContain('allow="fullscreen; geolocation"></iframe>');
  });
});

describe('embed filters', () => {
  it('reads back every filter the snippet writes, and the legacy forms of published embeds', () => {
    const filters = snippetFilters({ ...OPTIONS, live: false, when: 'weekend', free: true, maxPrice: null });
    const params = Object.fromEntries(embedFilterParams(filters));
    expect(params).toEqual({ categories: 'expo,musique', when: 'weekend', free: '1', sort: 'cheapest' });
    expect(embedFilters(params)).toEqual(filters);
    expect(embedFilters({ live: 'true', cat: 'musique' })).toMatchObject({ live: true, categories: ['musique'] });
    expect(embedFilters({ categories: 'musique', cat: 'expo' }).categories).toEqual(['musique']);
    expect(ZExplorerFiltersSchema.safeParse(embedFilters({ live: '1', when: 'week', max: 'x' })).success).toBe(true);
  });
});
