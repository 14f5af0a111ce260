/*
 * The offline basemap can be read: place names (GeoNames towns, from vector tiles) are drawn at city and street zoom.
 * Also saves the docs' screenshots of the map at zooms 6, 11 and 15.
 */
import { expect, test } from './fixtures/test';
import { openExplorer } from './helpers';

const VIEWS = [
  { name: 'Lyon at zoom 12', at: '45.76,4.835,12', screenshot: null },
  { name: 'the Marseille waterfront at zoom 15', at: '43.2966,5.368,15', screenshot: 'basemap-zoom-15.png' },
  { name: 'the Rhône valley at zoom 11', at: '45.44,4.88,11', screenshot: 'basemap-zoom-11.png' },
  { name: 'south-east France at zoom 6', at: '45.2,4.6,6', screenshot: 'basemap-zoom-6.png' },
] as const;

for (const view of VIEWS) {
  test(`place names are drawn over ${view.name}`, async ({ page }) => {
    await openExplorer(page, `/?at=${view.at}`);
    const map = page.getByTestId('event-map');
    await expect(map).toHaveAttribute('data-places', /^[1-9]\d*$/, { timeout: 45_000 });
    if (view.screenshot) await map.screenshot({ path: `docs/screenshots/${view.screenshot}` });
  });
}
