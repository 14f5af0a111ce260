import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parseBrandEnv } from '@/lib/env';
import { loadBrand } from './get-brand';
import { logoSources } from './logo';
import { BrandError, brandCssVariables, brandFontFaces, frameAncestors, parseBrand } from './schema';

const scratch = mkdtempSync(join(tmpdir(), 'brand-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

vi.mock('server-only', () => ({}));

describe('brand configuration', () => {
  it('ships a valid default brand and a second example brand that differ in name, colours and centre', () => {
    const env = parseBrandEnv({});
    expect(env.brandFile).toBe('brands/eventmap.json');
    const main = loadBrand(env.brandFile, env.overrides);
    const lyon = loadBrand(parseBrandEnv({ BRAND_FILE: 'brands/sortir-a-lyon.json' }).brandFile, {});
    expect(main.name).toBe('Eventmap');
    expect(lyon.name).toBe('Sortir à Lyon');
    expect(lyon.colors.primary).not.toBe(main.colors.primary);
    expect(lyon.map.center).not.toEqual(main.map.center);
    expect(lyon.defaultCategories).toEqual(['musique', 'spectacle']);
  });

  it("declares the brand's shipped font, favicon and locked area, and refuses web fonts or markup", () => {
    const lyon = loadBrand('brands/sortir-a-lyon.json', {});
    expect(brandFontFaces(lyon)).toContain("font-family:'Sortir Sans';src:url('/brands/sortir-a-lyon/");
    expect(brandCssVariables(lyon)['--font-sans']).toMatch(/^'Sortir Sans', /);
    expect(lyon.favicon).toBe('/brands/sortir-a-lyon/favicon.svg');
    expect(lyon.lockedPreset.area).toEqual([4.68, 45.6, 5.05, 45.92]);
    const raw = { ...lyon } as Record<string, unknown>;
    for (const font of [
      { family: 'X', files: [{ path: 'https://fonts.example/x.woff2' }] },
      { family: "X'}body{", files: [{ path: '/x.woff2' }] },
      { family: 'X', files: [{ path: "/x.woff2');}" }] },
      { family: 'X', files: [{ path: '/../secret.ttf' }] },
    ]) {
      expect(() => parseBrand({ ...raw, font }, {}, 'test.json'), JSON.stringify(font)).toThrow(/font/);
    }
    expect(() => parseBrand({ ...raw, lockedPreset: { area: [5, 45, 4, 46] } }, {}, 't')).toThrow(/lockedPreset/);
    expect(brandFontFaces(loadBrand('brands/eventmap.json', {}))).toBe('');
  });

  it('reads a logo with a dark variant, or one image for both, and picks the image for the theme', () => {
    const lyon = loadBrand('brands/sortir-a-lyon.json', {});
    expect(lyon.logo).toEqual({
      light: '/brands/sortir-a-lyon/logo.svg',
      dark: '/brands/sortir-a-lyon/logo-dark.svg',
    });
    expect(logoSources(lyon.logo, 'light')).toEqual({ src: '/brands/sortir-a-lyon/logo.svg' });
    expect(logoSources(lyon.logo, 'dark').dark).toEqual({ src: '/brands/sortir-a-lyon/logo-dark.svg', media: 'all' });
    expect(logoSources(lyon.logo, 'auto').dark?.media).toBe('(prefers-color-scheme: dark)');

    const main = loadBrand('brands/eventmap.json', {});
    expect(main.logo.light).toMatch(/^data:image\/svg\+xml,/);
    expect(logoSources(main.logo, 'dark')).toEqual({ src: main.logo.light });
    const raw = { ...lyon } as Record<string, unknown>;
    expect(() => parseBrand({ ...raw, logo: { light: '/a.svg', dark: 'https://cdn.example/d.svg' } }, {}, 't')).toThrow(
      /logo\.dark: must be a path under public/,
    );
    expect(() => parseBrand({ ...raw, logo: { dark: '/d.svg' } }, {}, 't')).toThrow(/logo\.light/);
  });

  it('applies env overrides over the file', () => {
    const env = parseBrandEnv({
      BRAND_FILE: 'brands/sortir-a-lyon.json',
      BRAND_NAME: ' Lyon Nuit ',
      BRAND_DEFAULT_LOCALE: 'en',
      BRAND_EMBED_ORIGINS: 'https://a.example, https://b.example:8443',
    });
    const brand = loadBrand(env.brandFile, env.overrides);
    expect(brand.name).toBe('Lyon Nuit');
    expect(brand.defaultLocale).toBe('en');
    expect(brand.embedOrigins).toEqual(['https://a.example', 'https://b.example:8443']);
    expect(frameAncestors(brand)).toBe("'self' https://a.example https://b.example:8443");
    expect(brand.colors.primary).toBe('#005f56');
  });

  it('turns the colours into the --brand-* CSS variables', () => {
    const brand = loadBrand('brands/sortir-a-lyon.json', {});
    expect(brandCssVariables(brand)).toMatchObject({ '--brand-primary': '#005f56', '--brand-accent': '#f4a300' });
  });

  it('lets only the app itself frame the embed when a brand lists no origin', () => {
    const brand = loadBrand('brands/eventmap.json', { embedOrigins: [] });
    expect(frameAncestors(brand)).toBe("'self'");
  });

  it('names every offending key, and the file', () => {
    const dir = mkdtempSync(join(scratch, 'case-'));
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...loadBrand('brands/eventmap.json', {}),
        logo: 'https://cdn.example/logo.png',
        colors: { ...loadBrand('brands/eventmap.json', {}).colors, primary: 'red' },
        embedOrigins: ['https://ok.example; script-src *'],
      }),
    );
    let message = '';
    try {
      loadBrand(file, {});
    } catch (error) {
      expect(error).toBeInstanceOf(BrandError);
      message = (error as Error).message;
    }
    expect(message).toContain(file);
    expect(message).toMatch(/logo\.light: must be a path under public/);
    expect(message).toMatch(/colors\.primary: must be a hex colour/);
    expect(message).toMatch(/embedOrigins\.0: must be 'self' or an origin/);
  });

  it('rejects an invalid override, a missing file and an unknown key', () => {
    expect(() => loadBrand('brands/eventmap.json', { embedOrigins: ['javascript:alert(1)'] })).toThrow(
      /embedOrigins\.0/,
    );
    expect(() => loadBrand('brands/nope.json', {})).toThrow(/BRAND_FILE=brands\/nope\.json/);
    expect(() => parseBrandEnv({ BRAND_DEFAULT_LOCALE: 'de' })).toThrow(/BRAND_DEFAULT_LOCALE/);
    expect(() => parseBrandEnv({ BRAND_FILE: '/etc/passwd' })).toThrow(/BRAND_FILE: must name a \.json file/);
    const dir = mkdtempSync(join(scratch, 'case-'));
    const file = join(dir, 'extra.json');
    writeFileSync(file, JSON.stringify({ ...loadBrand('brands/eventmap.json', {}), colour: '#fff' }));
    expect(() => loadBrand(file, {})).toThrow(/colour/);
  });
});
