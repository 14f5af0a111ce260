import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installProblemHandling } from '@/partner-api/http/problem-handler';
import { registerImageRoutes } from '@/partner-api/routes/images';
import { makeEventInput, openTestStore } from '@/partner-api/testing/fixtures';
import { MAIN_CATEGORIES } from '@/lib/contract';
import { PICTOGRAMS } from './pictograms';
import { parseImagePath, renderImage } from './render-image';

describe('generated images', () => {
  it('parses only well-formed image paths', () => {
    expect(parseImagePath('/images/event/12-square.svg')).toEqual({ kind: 'event', id: '12', variant: 'square' });
    expect(parseImagePath('performer/7-web.svg')).toEqual({ kind: 'performer', id: '7', variant: 'web' });
    for (const bad of ['event/12-huge.svg', 'user/1-main.svg', 'event/../1-main.svg', 'event/1-main.png', '']) {
      expect(parseImagePath(bad)).toBeNull();
    }
  });

  it('renders the same SVG for the same path, with escaped text and the variant size', () => {
    const ref = { kind: 'event', id: '3', variant: 'rectangle' } as const;
    const info = { title: 'Rock & <Roll> "live"', subtitle: 'Lyon', color: '#1565c0', category: 'musique' } as const;
    const svg = renderImage(ref, info);
    expect(renderImage(ref, info)).toBe(svg);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="600"/);
    expect(svg).toContain('aria-label="Rock &#38; &#60;Roll&#62; &#34;live&#34;"');
    expect(svg).not.toContain('<Roll>');
    expect(renderImage({ ...ref, id: '4' }, { title: 'x' })).not.toBe(svg);
  });

  it('draws pictograms and text as outlines of the shipped font: no emoji, no font the viewer must have', () => {
    const emoji = /[\p{Extended_Pictographic}\u{FE0F}]/u;
    const variants = ['main', 'square', 'rectangle', 'web', 'logo'] as const;
    for (const category of [...MAIN_CATEGORIES, undefined]) {
      for (const variant of variants) {
        const svg = renderImage(
          { kind: 'event', id: '7', variant },
          { title: 'Fête de la musique 🎉 à Lyon', subtitle: 'Lyon', ...(category ? { category } : {}) },
        );
        expect(svg, `${category} ${variant}`).not.toMatch(emoji);
        expect(svg).not.toContain('<text');
        expect(svg).not.toContain('font-family');
        if (category) expect(svg).toContain(PICTOGRAMS[category]);
      }
    }
    // The caption is drawn: a title gives more outline than no title at all.
    const ref = { kind: 'place', id: '1', variant: 'main' } as const;
    expect(renderImage(ref, { title: 'Théâtre des Célestins' }).length).toBeGreaterThan(
      renderImage(ref, { title: 'T' }).length + 2_000,
    );
  });

  it('serves every image URL of a stored event, and 404s unknown ones', async () => {
    const store = await openTestStore();
    const id = await store.catalogue.createEvent(
      makeEventInput({ name: 'Nuit du Jazz', categories: ['musique/jazz'] }),
    );
    const app = Fastify();
    installProblemHandling(app);
    registerImageRoutes(app, { store });
    const event = JSON.parse((await store.catalogue.getEvent(id))?.body + ',"commentaries":[],"performers":[]}') as {
      image: string;
      squareImage: string;
      place: { image: string };
      sources: { partner: { logo: string } }[];
    };
    for (const url of [event.image, event.squareImage, event.place.image, event.sources[0]?.partner.logo]) {
      const response = await app.inject({ method: 'GET', url: new URL(url as string).pathname });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.body.startsWith('<svg')).toBe(true);
    }
    const main = await app.inject({ method: 'GET', url: new URL(event.image).pathname });
    expect(main.body).toContain('Nuit du Jazz');
    expect(main.body).toContain(PICTOGRAMS.musique); // the category's pictogram
    expect(main.body).not.toMatch(/\p{Extended_Pictographic}/u);
    for (const url of [`/images/event/${id + 1}-main.svg`, '/images/event/abc-main.svg']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    // A path that cannot be an image is a 400 naming the parameter.
    for (const [url, pointer] of [
      ['/images/x/1-main.svg', '#/kind'],
      ['/images/event/1-huge.svg', '#/file'],
    ] as const) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errors: [{ pointer }] });
    }
    await app.close();
  });
});
