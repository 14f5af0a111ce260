import 'server-only';
import { geoMercator, geoPath, type GeoPermissibleObjects } from 'd3-geo';
import type { FeatureCollection, MultiLineString } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-50m.json';
import { BASEMAP_COLORS } from './basemap-style';

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
