/*
 * The offline basemap can be read: place names (GeoNames towns), an accurate coastline and large lakes are drawn
 * from vector tiles at the zooms they belong to; an operator's style reads a self-hosted .pmtiles archive. Also
 * takes the docs' screenshots of the map at zooms 6, 11 and 15: in test-results/ unless SCREENSHOTS_DIR says otherwise
 * (`SCREENSHOTS_DIR=docs/screenshots npx playwright test e2e/basemap.spec.ts`), so a run of the suite leaves the
 * checkout as it was.
 */
import type { ChildProcess } from 'node:child_process';
import type { Locator, Page, Route } from '@playwright/test';
import { E2E_BASE_URL, E2E_SERVICE_URL } from '../playwright.config';
import { buildPmtilesArchive } from './fixtures/pmtiles-archive';
import { expect, test } from './fixtures/test';
import { openExplorer, spawnWebServer, waitForServer } from './helpers';

/** Opens a view of the explorer and waits for the map's first idle frame with the basemap drawn. */
async function openMap(page: Page, path: string): Promise<Locator> {
  await openExplorer(page, path);
  const map = page.getByTestId('event-map');
  // Written on the first idle frame after the basemap was added: every tile of the view has loaded.
  await expect(map).toHaveAttribute('data-places', /^\d+$/, { timeout: 45_000 });
  return map;
}

/** The ids of the layers drawn at the map's centre pixel (queryRenderedFeatures, see components/map/event-map.tsx). */
async function layersAtCentre(map: Locator): Promise<string[]> {
  return ((await map.getAttribute('data-centre-layers')) ?? '').split(' ').filter(Boolean);
}

test.describe('the offline basemap', () => {
  for (const view of [
    { name: 'Lyon at zoom 12', at: '45.76,4.835,12' },
    { name: 'the Marseille waterfront at zoom 15', at: '43.2966,5.368,15' },
  ]) {
    test(`names places over ${view.name}`, async ({ page }) => {
      const map = await openMap(page, `/?at=${view.at}`);
      await expect(map).toHaveAttribute('data-places', /^[1-9]\d*$/);
    });
  }

  test("the server's drawing names what the live map will: English towns across the Channel, none past the place tiles", async ({
    page,
  }) => {
    // The basemap's place tiles name every town inside their bounds, Kent's too, which search does not suggest.
    await page.goto('/?at=51.1,1.4,9');
    const drawing = page.getByTestId('map-backdrop');
    await expect(drawing.locator('text', { hasText: /^Calais$/ })).toHaveCount(1);
    await expect(drawing.locator('text', { hasText: /^Folkestone$/ })).toHaveCount(1);
    await expect(drawing.locator('text', { hasText: /^Canterbury$/ })).toHaveCount(1);
    // East of the tiles (10.5° E) the live map names nothing: neither does the drawing, though search knows Pescara.
    await page.goto('/?at=42.4,14.2,9');
    await expect(page.getByTestId('map-backdrop')).toHaveAttribute('data-labels', '0');
  });

  test('draws the Marseille waterfront at zoom 15: the Quai du Port on land, the Vieux-Port in the water', async ({
    page,
  }) => {
    // The Hôtel de Ville, on the quay (the seed's centre of Marseille, where its venues gather).
    const quay = await openMap(page, '/?at=43.2965,5.3698,15');
    expect(await layersAtCentre(quay)).toContain('land');
    // The middle of the old harbour's basin, ~150 m south: the 1:50m coastline had it on land.
    const harbour = await openMap(page, '/?at=43.294,5.366,15');
    const drawn = await layersAtCentre(harbour);
    expect(drawn).not.toContain('land');
    expect(drawn).not.toContain('world-land');
  });

  test('draws large lakes at regional and street zoom', async ({ page }) => {
    // Lake Geneva off Évian-les-Bains, then Lake Annecy.
    const leman = await openMap(page, '/?at=46.45,6.55,12');
    expect(await layersAtCentre(leman)).toContain('lakes');
    const annecy = await openMap(page, '/?at=45.86,6.17,9');
    expect(await layersAtCentre(annecy)).toContain('lakes');
  });

  for (const lang of [
    {
      locale: 'en-GB',
      credits: ['Basemap: Natural Earth', 'Places: GeoNames', '© OpenStreetMap contributors'],
      label: /^Map of events/,
      zoomIn: 'Zoom in',
    },
    {
      locale: 'fr-FR',
      credits: ['Fond de carte : Natural Earth', 'Lieux : GeoNames', '© les contributeurs d’OpenStreetMap'],
      label: /^Carte des événements/,
      zoomIn: 'Zoom avant',
    },
  ]) {
    test.describe(lang.locale, () => {
      test.use({ locale: lang.locale, extraHTTPHeaders: { 'Accept-Language': lang.locale } });

      test("credits its sources and names its canvas and buttons in the page's language", async ({ page }) => {
        const map = await openMap(page, '/?at=45.76,4.835,12');
        // MapLibre's attribution control joins the credits with " | ", shortest first: the set is what counts.
        const credits = map.locator('.maplibregl-ctrl-attrib-inner');
        await expect
          .poll(async () => ((await credits.textContent()) ?? '').split(' | ').sort())
          .toEqual([...lang.credits].sort());
        await expect(map.locator('canvas')).toHaveAttribute('aria-label', lang.label);
        await expect(map.getByRole('button', { name: lang.zoomIn, exact: true })).toBeVisible();
      });
    });
  }

  test('loads land and borders by tile, with no GeoJSON but the country names', async ({ page }) => {
    const geojson: string[] = [];
    const tiles: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.geojson')) geojson.push(pathname);
      if (pathname.startsWith('/basemap/tiles/')) tiles.push(pathname);
    });
    await openMap(page, '/?at=45.76,4.835,12');
    expect(geojson).toEqual(['/basemap/country-labels.geojson']);
    expect(tiles.some((path) => path.startsWith('/basemap/tiles/detail/9/'))).toBe(true);
    expect(tiles.some((path) => path.startsWith('/basemap/tiles/places/8/'))).toBe(true);
  });
});

const SHOTS = [
  { zoom: 6, at: '46.4,2.6,6' },
  { zoom: 11, at: '45.75,4.85,11' },
  { zoom: 15, at: '43.2966,5.368,15' },
] as const;
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

const SCREENSHOTS = process.env.SCREENSHOTS_DIR ?? 'test-results/screenshots';

test.describe('screenshots of the basemap', () => {
  for (const size of SIZES) {
    test(`at zooms 6, 11 and 15 on a ${size.name}`, async ({ page }) => {
      await page.setViewportSize(size.viewport);
      for (const shot of SHOTS) {
        const map = await openMap(page, `/?at=${shot.at}`);
        if (size.name === 'phone') {
          // The map view a visitor picks (List, then Map): the whole map above a lowered sheet.
          await page.getByRole('button', { name: 'List', exact: true }).first().click();
          await page.getByRole('button', { name: 'Map', exact: true }).first().click();
          await page.waitForLoadState('networkidle');
        }
        await map.screenshot({ path: `${SCREENSHOTS}/basemap-z${shot.zoom}-${size.name}.png` });
      }
    });
  }

  test('dark, in the embed, in French', async ({ page }) => {
    for (const shot of SHOTS) {
      const map = await openMap(page, `/embed?locale=fr&theme=dark&at=${shot.at}`);
      await map.screenshot({ path: `${SCREENSHOTS}/basemap-z${shot.zoom}-desktop-dark-fr.png` });
    }
  });
});

/** Answers a request from `body`, honouring a byte range as a static host does (PMTiles reads by range). */
async function fulfilBytes(route: Route, body: Buffer, contentType: string) {
  const range = /^bytes=(\d+)-(\d+)?$/.exec(route.request().headers().range ?? '');
  if (!range) return route.fulfill({ status: 200, contentType, body });
  const start = Number(range[1]);
  const end = Math.min(body.length - 1, range[2] ? Number(range[2]) : body.length - 1);
  return route.fulfill({
    status: 206,
    contentType,
    headers: { 'content-range': `bytes ${start}-${end}/${body.length}`, 'accept-ranges': 'bytes' },
    body: body.subarray(start, end + 1),
  });
}

test.describe('a self-hosted street basemap from one .pmtiles file (MAP_STYLE_URL)', () => {
  // The same build, started with MAP_STYLE_URL: a style whose source is `pmtiles://` an archive on the app's origin.
  const port = Number(new URL(E2E_BASE_URL).port) + 2;
  const base = `http://127.0.0.1:${port}`;
  const styleUrl = `${base}/self-hosted/style.json`;
  const archiveUrl = `${base}/self-hosted/streets.pmtiles`;
  let server: ChildProcess | undefined;

  test.beforeAll(async () => {
    server = spawnWebServer(port, {
      NODE_ENV: 'production',
      PARTNER_API_URL: E2E_SERVICE_URL,
      CATALOGUE_MIRROR_FILE: 'off',
      MAP_STYLE_URL: styleUrl,
    });
    await waitForServer(`${base}/`, `the server with MAP_STYLE_URL on ${base}`);
  });

  test.afterAll(() => {
    // The server is one process group, started above.
    if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  });

  test('the explorer draws the archive’s features through the pmtiles protocol', async ({ page }) => {
    // Streets of a made-up town around the centre of France: a district (polygon) and a street (line).
    const archive = buildPmtilesArchive({
      layers: {
        districts: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: 'Centre' },
              geometry: {
                type: 'Polygon',
                coordinates: [
                  [
                    [2.3, 46.3],
                    [2.9, 46.3],
                    [2.9, 46.7],
                    [2.3, 46.7],
                    [2.3, 46.3],
                  ],
                ],
              },
            },
          ],
        },
        streets: {
          type: 'FeatureCollection',
          features: [
            {
              type: 'Feature',
              properties: { name: 'Grande Rue' },
              geometry: {
                type: 'LineString',
                coordinates: [
                  [2.2, 46.5],
                  [3.0, 46.5],
                ],
              },
            },
          ],
        },
      },
      minzoom: 0,
      maxzoom: 10,
      bounds: [2.2, 46.3, 3.0, 46.7],
    });
    const style = {
      version: 8,
      sources: { streets: { type: 'vector', url: `pmtiles://${archiveUrl}` } },
      layers: [
        { id: 'paper', type: 'background', paint: { 'background-color': '#fdfcf7' } },
        {
          id: 'self-hosted-district',
          type: 'fill',
          source: 'streets',
          'source-layer': 'districts',
          paint: { 'fill-color': '#d8e8c8' },
        },
        {
          id: 'self-hosted-street',
          type: 'line',
          source: 'streets',
          'source-layer': 'streets',
          paint: { 'line-color': '#886', 'line-width': 6 },
        },
      ],
    };
    const archiveRequests: string[] = [];
    // A static host for the operator's files: the style, and the archive read by byte ranges.
    await page.route(styleUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(style) }),
    );
    await page.route(archiveUrl, (route) => {
      archiveRequests.push(route.request().headers().range ?? 'whole file');
      return fulfilBytes(route, archive, 'application/octet-stream');
    });

    await openExplorer(page, `${base}/?at=46.5,2.6,9`);
    const map = page.getByTestId('event-map');
    await expect(map).toHaveAttribute('data-centre-layers', /(^| )self-hosted-street( |$)/, { timeout: 45_000 });
    expect(await layersAtCentre(map)).toContain('self-hosted-district');
    // Read by ranges (header and directory, then tiles), never whole.
    expect(archiveRequests.length).toBeGreaterThan(1);
    expect(archiveRequests.every((range) => range.startsWith('bytes='))).toBe(true);
    // The offline basemap stays out of the way.
    await expect(map).not.toHaveAttribute('data-places', /.*/);
  });
});
