import 'server-only';
import { geoMercator, geoPath, type GeoContext, type GeoPermissibleObjects, type GeoStream } from 'd3-geo';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-50m.json';
import { BASEMAP_COLORS } from './basemap-style';
import { GROUP_STROKE_PX, groupRadius } from './markers';
import { PLACE_LABELS_MINZOOM, placeLabelSize } from './place-labels';

export interface StaticMapPoint {
  lng: number;
  lat: number;
}

export interface StaticMapDrawing {
  width: number;
  height: number;
  colors: typeof BASEMAP_COLORS;
  /** SVG path data, in the drawing's pixels. */
  land: string;
  borders: string;
  pins: { x: number; y: number }[];
}

/** Natural Earth 1:50m (world-atlas, the offline basemap's source), decoded once per server process. */
let shapes: { land: GeoPermissibleObjects; borders: MultiLineString } | undefined;
function naturalEarth() {
  if (!shapes) {
    const topology = countriesTopology as unknown as Topology;
    const countries = topology.objects.countries as GeometryCollection;
    shapes = {
      land: feature(topology, countries) as FeatureCollection,
      borders: mesh(topology, countries, (a, b) => a !== b),
    };
  }
  return shapes;
}

/** Degrees of longitude the drawing spans around a single point: a region, so the pin says where in the country. */
const SINGLE_POINT_SPAN = 9;

/**
 * A small map of one or more points as SVG path data, drawn on the server from the offline basemap's Natural Earth
 * data (land, country borders) in Web Mercator: a record page shows where its place is without loading MapLibre and
 * its ~1 MB of land. Several points are fitted with a margin; one point is centred at regional scale.
 */
export function drawStaticMap(points: StaticMapPoint[], width = 640, height = 280): StaticMapDrawing {
  const projection = geoMercator().precision(0.5);
  // Mercator's scale is the radius in pixels: `width` pixels span SINGLE_POINT_SPAN degrees.
  const regionalScale = width / ((SINGLE_POINT_SPAN / 360) * 2 * Math.PI);
  const centreOn = (lng: number, lat: number) =>
    projection
      .scale(regionalScale)
      .center([lng, lat])
      .translate([width / 2, height / 2]);
  if (points.length > 1) {
    const margin = 40;
    const extent: [[number, number], [number, number]] = [
      [margin, margin],
      [width - margin, height - margin],
    ];
    projection.fitExtent(extent, { type: 'MultiPoint', coordinates: points.map((p) => [p.lng, p.lat]) });
    // Points close together would be fitted at street scale, where 1:50m land means nothing: stay regional.
    if (projection.scale() > regionalScale) {
      const mean = (pick: (p: StaticMapPoint) => number) => points.reduce((sum, p) => sum + pick(p), 0) / points.length;
      centreOn(
        mean((p) => p.lng),
        mean((p) => p.lat),
      );
    }
  } else {
    const first = points[0] ?? { lng: 0, lat: 0 };
    centreOn(first.lng, first.lat);
  }
  projection.clipExtent([
    [-2, -2],
    [width + 2, height + 2],
  ]);
  const path = geoPath(projection).digits(1);
  const { land, borders } = naturalEarth();
  return {
    width,
    height,
    colors: BASEMAP_COLORS,
    land: path(land) ?? '',
    borders: path(borders) ?? '',
    pins: points.flatMap((p) => {
      const xy = projection([p.lng, p.lat]);
      return xy ? [{ x: Math.round(xy[0] * 10) / 10, y: Math.round(xy[1] * 10) / 10 }] : [];
    }),
  };
}

export interface MapBackdropDot extends StaticMapPoint {
  /** The dot's fill colour. */
  color: string;
  /** How many events the dot stands for (a cluster of the view's answer); 1 when left out. */
  count?: number;
}

export interface MapBackdropPlace extends StaticMapPoint {
  name: string;
  population: number;
}

export interface MapBackdropDrawing {
  width: number;
  height: number;
  /** SVG path data in the drawing's pixels, the camera's centre at the drawing's centre. */
  land: string;
  borders: string;
  dots: { x: number; y: number; color: string; count: number }[];
  labels: { x: number; y: number; name: string; size: number }[];
}

export interface MapCamera {
  lng: number;
  lat: number;
  zoom: number;
}

/** MapLibre's tile size: at zoom z the world is 512 × 2^z pixels wide. */
const TILE_SIZE = 512;

/** Most place names one drawing carries. */
const MAX_LABELS = 80;

/** Space kept around each name, in pixels (the style's `text-padding`). */
const LABEL_PADDING = 4;

/**
 * Where a name may stand against its place's point, tried in order: centred on it, below, above, to the right, to the
 * left (MapLibre's `text-variable-anchor`, named by the side of the text at the point).
 */
const BESIDE_POINT = ['center', 'top', 'bottom', 'left', 'right'] as const;

/** The camera's Web Mercator projection, as MapLibre draws it, centred in a `width` × `height` drawing. */
function cameraProjection(camera: MapCamera, width: number, height: number) {
  return geoMercator()
    .precision(0.5)
    .scale((TILE_SIZE * 2 ** camera.zoom) / (2 * Math.PI))
    .center([camera.lng, camera.lat])
    .translate([width / 2, height / 2])
    .clipExtent([
      [-2, -2],
      [width + 2, height + 2],
    ]);
}

/** Least distance, in pixels, between two points the drawing keeps in a line: closer ones draw nothing new. */
const MIN_POINT_SPACING = 1.5;

/**
 * A projected stream that drops each point closer than MIN_POINT_SPACING to the last one kept on its line (radial
 * distance simplification): Natural Earth 1:50m has points every kilometre or two, several per pixel at regional zoom,
 * and the drawing travels in the page's HTML.
 */
function withoutCrowdedPoints(output: GeoStream): GeoStream {
  let lastX = NaN;
  let lastY = NaN;
  let pending: [number, number] | null = null;
  return {
    point(x, y) {
      if (Number.isNaN(lastX) || Math.hypot(x - lastX, y - lastY) >= MIN_POINT_SPACING) {
        output.point(x, y);
        lastX = x;
        lastY = y;
        pending = null;
      } else pending = [x, y];
    },
    lineStart() {
      lastX = NaN;
      pending = null;
      output.lineStart();
    },
    lineEnd() {
      // A line keeps its last point, so rings still close and lines still reach their end.
      if (pending) output.point(pending[0], pending[1]);
      pending = null;
      output.lineEnd();
    },
    polygonStart: () => output.polygonStart(),
    polygonEnd: () => output.polygonEnd(),
    sphere: () => output.sphere?.(),
  };
}

/**
 * SVG path data in whole pixels with relative moves ("l3-2 4 1…"), about half the bytes of absolute ones: each point
 * is rounded first and the step taken from the previous rounded point, so rounding never accumulates.
 */
class CompactPathContext implements GeoContext {
  private readonly parts: string[] = [];
  private x = 0;
  private y = 0;
  private inLine = false;

  moveTo(x: number, y: number): void {
    this.x = Math.round(x);
    this.y = Math.round(y);
    this.parts.push(`M${this.x} ${this.y}`);
    this.inLine = false;
  }

  lineTo(x: number, y: number): void {
    const rx = Math.round(x);
    const ry = Math.round(y);
    const dx = rx - this.x;
    const dy = ry - this.y;
    if (dx === 0 && dy === 0) return;
    const step = `${dx}${dy < 0 ? '' : ' '}${dy}`;
    this.parts.push(this.inLine ? `${dx < 0 ? '' : ' '}${step}` : `l${step}`);
    this.inLine = true;
    this.x = rx;
    this.y = ry;
  }

  closePath(): void {
    this.parts.push('z');
    this.inLine = false;
  }

  beginPath(): void {}

  /** Points are never drawn as circles here (geoPath's pointRadius is for Point geometries, which land has none of). */
  arc(): void {}

  toString(): string {
    return this.parts.join('');
  }
}

/** The longitudes and latitudes a `width` × `height` drawing of `camera` spans. */
export function backdropBox(camera: MapCamera, width: number, height: number) {
  const projection = cameraProjection(camera, width, height);
  const [west, north] = projection.invert?.([0, 0]) ?? [-180, 85];
  const [east, south] = projection.invert?.([width, height]) ?? [180, -85];
  return { west, south, east, north };
}

/** A rectangle in a drawing's pixels. */
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const overlap = (a: Rect, b: Rect) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
const inside = (a: Rect, b: Rect) => a.left >= b.left && a.top >= b.top && a.right <= b.right && a.bottom <= b.bottom;

/** Where one round of the placement may put names: wholly inside `within`, clear of every rectangle of `avoid`. */
interface LabelArea {
  within: Rect;
  avoid: Rect[];
}

type PlacedLabel = MapBackdropDrawing['labels'][number] & { area: number };

/**
 * Names placed as the map places them: biggest first, each where it fits without touching one already placed (the
 * map's symbol collision, by estimated text width). Centred on the point only, as the explorer's style has it, unless
 * `besidePoint`: then a name that does not fit there may stand next to its point, so that a venue's small map near a
 * coast or a frame's edge still names its town — never the point of a place outside the area. Areas are tried in
 * turn, each with the names the earlier ones could not place; a label says which area took it. A label's x and y are
 * its text's centre.
 */
function placeLabels(
  places: MapBackdropPlace[],
  project: (point: StaticMapPoint) => [number, number] | null,
  zoom: number,
  areas: LabelArea[],
  besidePoint: boolean,
): PlacedLabel[] {
  const placed: Rect[] = [];
  const labels: PlacedLabel[] = [];
  const centred = BESIDE_POINT.slice(0, 1);
  const left = places.flatMap((place) => {
    const xy = project(place);
    return xy ? [{ place, xy }] : [];
  });
  areas.forEach(({ within, avoid }, area) => {
    for (let i = 0; i < left.length && labels.length < MAX_LABELS; i++) {
      const { place, xy } = left[i]!;
      // A name beside its point must not name a point outside the area.
      const pointInside =
        xy[0] >= within.left && xy[1] >= within.top && xy[0] <= within.right && xy[1] <= within.bottom;
      const size = Math.round(placeLabelSize(zoom, place.population) * 10) / 10;
      const textHalfWidth = (place.name.length * size * 0.56) / 2;
      const textHalfHeight = size / 2;
      // The gap between a point and a name beside it.
      const gap = size * 0.4;
      for (const anchor of besidePoint && pointInside ? BESIDE_POINT : centred) {
        const [x, y] =
          anchor === 'top'
            ? [xy[0], xy[1] + gap + textHalfHeight]
            : anchor === 'bottom'
              ? [xy[0], xy[1] - gap - textHalfHeight]
              : anchor === 'left'
                ? [xy[0] + gap + textHalfWidth, xy[1]]
                : anchor === 'right'
                  ? [xy[0] - gap - textHalfWidth, xy[1]]
                  : xy;
        const box = {
          left: x - textHalfWidth - LABEL_PADDING,
          right: x + textHalfWidth + LABEL_PADDING,
          top: y - textHalfHeight - LABEL_PADDING,
          bottom: y + textHalfHeight + LABEL_PADDING,
        };
        if (!inside(box, within) || avoid.some((other) => overlap(box, other))) continue;
        if (placed.some((other) => overlap(box, other))) continue;
        placed.push(box);
        labels.push({ x: Math.round(x), y: Math.round(y), name: place.name, size, area });
        left.splice(i--, 1);
        break;
      }
    }
  });
  return labels;
}

/** Land and country borders as compact path data, drawn by `projection`. */
function landAndBorders(projection: ReturnType<typeof cameraProjection>) {
  const svgPath = (object: GeoPermissibleObjects) => {
    const context = new CompactPathContext();
    geoPath({ stream: (output) => projection.stream(withoutCrowdedPoints(output)) }, context)(object);
    return context.toString();
  };
  const { land, borders } = naturalEarth();
  return { land: svgPath(land), borders: svgPath(borders) };
}

/**
 * The explorer's map as MapLibre will draw it at `camera` — same Web Mercator scale and centre — in a
 * `width` × `height` drawing: land, country borders, place names (`places`, biggest first) and a dot per event. It
 * stands in the map's box until the interactive map starts, so it must line up with it. Dots on the same pixel are
 * drawn once.
 */
export function drawMapBackdrop(
  camera: MapCamera,
  dots: MapBackdropDot[],
  places: MapBackdropPlace[],
  width: number,
  height: number,
): MapBackdropDrawing {
  const projection = cameraProjection(camera, width, height);
  const project = (point: StaticMapPoint) => projection([point.lng, point.lat]);
  const { land, borders } = landAndBorders(projection);
  const seen = new Set<string>();
  const drawn: MapBackdropDrawing['dots'] = [];
  for (const dot of dots) {
    const xy = project(dot);
    if (!xy || xy[0] < 0 || xy[1] < 0 || xy[0] > width || xy[1] > height) continue;
    const x = Math.round(xy[0]);
    const y = Math.round(xy[1]);
    if (seen.has(`${x},${y}`)) continue;
    seen.add(`${x},${y}`);
    drawn.push({ x, y, color: dot.color, count: dot.count ?? 1 });
  }
  // No name under a group's circle: the live map hides a name its count covers, where a drawing would show it cut.
  const avoid = drawn
    .filter((dot) => dot.count > 1)
    .map(({ x, y, count }) => {
      const r = groupRadius(count) + GROUP_STROKE_PX;
      return { left: x - r, top: y - r, right: x + r, bottom: y + r };
    });
  const whole = { within: { left: 0, top: 0, right: width, bottom: height }, avoid };
  return {
    width,
    height,
    land,
    borders,
    dots: drawn,
    labels:
      camera.zoom >= PLACE_LABELS_MINZOOM
        ? placeLabels(places, project, camera.zoom, [whole], false).map(({ area: _, ...label }) => label)
        : [],
  };
}

export interface VenueMapLayout {
  /**
   * The zooms the venue may be framed at, closest first: the first at which a place is named in every box, else the
   * last. At a neighbourhood's zoom a venue between towns would otherwise show a pin on a blank map.
   */
  zooms: readonly number[];
  /** The box's height in CSS pixels: the drawing is as tall, and as wide as the widest box. */
  height: number;
  /**
   * The widths the box may have, narrowest first. The drawing is centred in its box and cut at the sides
   * (`xMidYMid slice`), so a name shows only from the width whose box holds it whole.
   */
  boxWidths: readonly number[];
  /** What covers the box's bottom-right corner (a button), with its margin: no name goes under it. */
  corner: { width: number; height: number };
  /** The venue's pin at the centre, with its outline: no name covers it. */
  pinRadius: number;
}

export interface VenueMapDrawing {
  /** The zoom the venue is framed at (one of the layout's). */
  zoom: number;
  width: number;
  height: number;
  land: string;
  borders: string;
  /** Place names; each is shown in boxes at least `fromWidth` wide (the first of `boxWidths`: always). */
  labels: { x: number; y: number; name: string; size: number; fromWidth: number }[];
}

/**
 * A venue's map centred on it, for a box whose height is fixed and whose width depends on the page's layout: land,
 * borders and the names of the places around (`placesAround` a camera and a drawing's size, biggest first), each
 * beside its point if need be, placed for the narrowest box first, then for each wider one around them, never under
 * the box's corner button or over the pin.
 */
export function drawVenueMap(
  venue: StaticMapPoint,
  placesAround: (camera: MapCamera, width: number, height: number) => MapBackdropPlace[],
  layout: VenueMapLayout,
): VenueMapDrawing {
  const width = Math.max(...layout.boxWidths);
  const { height, corner, pinRadius } = layout;
  const pin = {
    left: width / 2 - pinRadius,
    right: width / 2 + pinRadius,
    top: height / 2 - pinRadius,
    bottom: height / 2 + pinRadius,
  };
  const areas = layout.boxWidths.map((boxWidth) => {
    const left = (width - boxWidth) / 2;
    // The corner button's place in every box at least this wide: from this box's right edge to the drawing's.
    const button = { left: left + boxWidth - corner.width, right: width, top: height - corner.height, bottom: height };
    return { within: { left, top: 0, right: left + boxWidth, bottom: height }, avoid: [pin, button] };
  });
  let framed: { projection: ReturnType<typeof cameraProjection>; zoom: number; labels: PlacedLabel[] } | undefined;
  for (const zoom of layout.zooms) {
    const camera = { lng: venue.lng, lat: venue.lat, zoom };
    const projection = cameraProjection(camera, width, height);
    const project = (point: StaticMapPoint) => projection([point.lng, point.lat]);
    const labels =
      zoom >= PLACE_LABELS_MINZOOM ? placeLabels(placesAround(camera, width, height), project, zoom, areas, true) : [];
    framed = { projection, zoom, labels };
    if (labels.some((label) => label.area === 0)) break;
  }
  if (!framed) throw new Error('drawVenueMap: the layout has no zoom');
  return {
    zoom: framed.zoom,
    width,
    height,
    ...landAndBorders(framed.projection),
    labels: framed.labels.map(({ area, ...label }) => ({ ...label, fromWidth: layout.boxWidths[area]! })),
  };
}
