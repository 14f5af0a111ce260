import 'server-only';
import { CATEGORY_LABELS } from '@/lib/contract/categories';
import type { Locale } from '@/lib/i18n/config';
import { mapMessages } from '@/lib/i18n/map-messages';
import type { DeviceClass, FirstView } from '@/lib/explorer/first-view';
import { serverGazetteer } from '@/lib/gazetteer/load';
import { PLACE_TILES } from '@/lib/map/basemap-style';
import { groupRadius } from '@/lib/map/markers';
import { minPopulationAt } from '@/lib/map/place-labels';
import {
  backdropBox,
  drawMapBackdrop,
  type MapBackdropDot,
  type MapBackdropPlace,
  type MapCamera,
} from '@/lib/map/static-map';
import styles from './map-backdrop.module.css';

/** Dots of events without a main category: the map's own colour for them (components/map/layers.ts). */
const NO_CATEGORY_COLOR = '#5c6b7a';
/** Groups of events: the map's cluster colour (components/map/layers.ts). */
const GROUP_COLOR = '#1d3557';

/** A town's name as SVG text: the gazetteer's names are data, never markup. */
function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The drawing's size by kind of device: larger than the map's box on common screens of that kind (a phone either way
 * up, a desktop window), so the box, which centres it, does not show its edge; its own background shows beyond it on
 * larger ones.
 */
const SIZES: Record<DeviceClass, { width: number; height: number }> = {
  phone: { width: 1000, height: 1000 },
  desktop: { width: 1920, height: 1200 },
};

/** Candidate names per drawing, biggest first; collisions leave out most of them. */
const PLACE_CANDIDATES = 400;

/**
 * The names the live map's offline basemap will draw there: the places of its place tiles, which end at their bounds
 * (a town beyond them, the gazetteer's for search, would lose its name when the live map takes over).
 */
function places(camera: MapCamera, width: number, height: number, locale: Locale): MapBackdropPlace[] {
  try {
    const view = backdropBox(camera, width, height);
    const [west, south, east, north] = PLACE_TILES.bounds;
    const box = {
      west: Math.max(view.west, west),
      south: Math.max(view.south, south),
      east: Math.min(view.east, east),
      north: Math.min(view.north, north),
    };
    if (box.west > box.east || box.south > box.north) return [];
    return serverGazetteer().largestWithin(box, minPopulationAt(camera.zoom), PLACE_CANDIDATES, locale);
  } catch (error) {
    // A build without the gazetteer (npm run build:gazetteer) draws the map without names.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The explorer's map drawn by the server — land, borders, town names and the first view's events as dots, at the
 * camera's scale and centre — standing in the map's box until the interactive map starts
 * (components/explorer/use-map-start): the page shows where things are without MapLibre's ~800 kB of script and its
 * WebGL start-up. Decorative: the list carries the same events. Its credits name the data it draws (the live map's
 * credits take their place, open, where they will be): GeoNames' names are CC BY, and the results framed on the
 * map keep clear of them (components/explorer/covered-insets.ts).
 */
export function MapBackdrop({ firstView, locale }: { firstView: FirstView; locale: Locale }) {
  const words = mapMessages(locale);
  const { camera } = firstView.view;
  const { width, height } = SIZES[firstView.device];
  // The answer's clusters, as the live map draws them (components/map/layers.ts): groups with their exact counts.
  const categories = new Map(firstView.page.data.map((event) => [event.id, event.category]));
  const dots: MapBackdropDot[] = firstView.page.clusters.map((cluster) => {
    const category = cluster.eventId === undefined ? undefined : categories.get(cluster.eventId);
    return {
      lng: cluster.position[0],
      lat: cluster.position[1],
      count: cluster.count,
      color: cluster.count > 1 ? GROUP_COLOR : category ? CATEGORY_LABELS[category].color : NO_CATEGORY_COLOR,
    };
  });
  const map = drawMapBackdrop(camera, dots, places(camera, width, height, locale), width, height);
  // The drawing's inside is one string of markup, not elements: React then hydrates one <svg> instead of one node per
  // name and dot (~120 on a phone's first view), and the page's React payload carries one string, not a tree.
  const inside = [
    `<path class="${styles.land}" d="${map.land}"/>`,
    `<path class="${styles.borders}" d="${map.borders}"/>`,
    ...map.labels.map(
      (label) =>
        `<text x="${label.x}" y="${label.y}" font-size="${label.size}" class="${styles.label}">${escapeText(label.name)}</text>`,
    ),
    ...map.dots.map((dot) =>
      dot.count > 1
        ? `<g><circle cx="${dot.x}" cy="${dot.y}" r="${groupRadius(dot.count)}" fill="${dot.color}" class="${styles.group}"/>` +
          `<text x="${dot.x}" y="${dot.y}" class="${styles.count}">${dot.count}</text></g>`
        : `<circle cx="${dot.x}" cy="${dot.y}" r="6" fill="${dot.color}" class="${styles.dot}"/>`,
    ),
  ].join('');
  return (
    <>
      <svg
        className={styles.backdrop}
        width={map.width}
        height={map.height}
        viewBox={`0 0 ${map.width} ${map.height}`}
        aria-hidden="true"
        focusable="false"
        data-testid="map-backdrop"
        // The drawing whose size (width, height) the live map's camera is measured against while it stands in for the map.
        data-map-drawing=""
        data-dots={map.dots.length}
        data-labels={map.labels.length}
        dangerouslySetInnerHTML={{ __html: inside }}
      />
      <p className={styles.credits} data-map-credits="">
        <span>{words.placesCredit}</span> | <span>{words.basemapCredit}</span>
      </p>
    </>
  );
}
