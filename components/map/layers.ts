import type {
  CircleLayerSpecification,
  ExpressionSpecification,
  FillLayerSpecification,
  SymbolLayerSpecification,
} from 'maplibre-gl';
import { CATEGORY_LABELS, MAIN_CATEGORIES } from '@/lib/contract/categories';
import { GROUP_RADIUS_STEPS, GROUP_STROKE_PX, POINT_RADIUS_STOPS, POINT_STROKE_PX } from '@/lib/map/markers';

/**
 * The one GeoJSON source of the events: the view's answer's clusters, already grouped by the server with exact counts
 * over every match (lib/explorer/geojson.ts), so the map does not cluster them again.
 */
export const EVENTS_SOURCE_ID = 'events';

/** A circle holding more than one event. */
const IS_GROUP: ExpressionSpecification = ['>', ['get', 'count'], 1];

const NO_CATEGORY_COLOR = '#5c6b7a';
const BRAND = '#1d3557';

/** `match` expression from a point's main category to its colour. */
const categoryColor = [
  'match',
  ['get', 'cat'],
  ...MAIN_CATEGORIES.flatMap((c) => [c, CATEGORY_LABELS[c].color]),
  NO_CATEGORY_COLOR,
] as unknown as ExpressionSpecification; // a variadic match the tuple type cannot express

export const clusterLayer: Omit<CircleLayerSpecification, 'source'> = {
  id: 'event-clusters',
  type: 'circle',
  filter: IS_GROUP,
  paint: {
    'circle-color': BRAND,
    'circle-opacity': 0.92,
    'circle-radius': [
      'step',
      ['get', 'count'],
      GROUP_RADIUS_STEPS[0]![1],
      ...GROUP_RADIUS_STEPS.slice(1).flat(),
    ] as unknown as ExpressionSpecification, // a variadic step the tuple type cannot express
    'circle-stroke-width': GROUP_STROKE_PX,
    'circle-stroke-color': '#ffffff',
    'circle-stroke-opacity': 0.85,
  },
};

export const clusterCountLayer: Omit<SymbolLayerSpecification, 'source'> = {
  id: 'event-cluster-count',
  type: 'symbol',
  filter: IS_GROUP,
  layout: {
    // The exact count: the circles of a view add up to the header's total.
    'text-field': ['to-string', ['get', 'count']],
    'text-font': ['sans-serif'],
    'text-size': 13,
    'text-allow-overlap': true,
  },
  paint: { 'text-color': '#ffffff' },
};

export const pointLayer: Omit<CircleLayerSpecification, 'source'> = {
  id: 'event-points',
  type: 'circle',
  filter: ['!', IS_GROUP],
  paint: {
    'circle-color': categoryColor,
    'circle-radius': [
      'interpolate',
      ['linear'],
      ['zoom'],
      ...POINT_RADIUS_STOPS.flat(),
    ] as unknown as ExpressionSpecification, // a variadic interpolate the tuple type cannot express
    'circle-stroke-width': POINT_STROKE_PX,
    'circle-stroke-color': '#ffffff',
    'circle-opacity': ['case', ['==', ['get', 'off'], 1], 0.45, 1],
  },
};

/** The hovered or selected event, drawn larger on top; its filter is set to the ids to highlight. */
export function highlightLayer(ids: number[]): Omit<CircleLayerSpecification, 'source'> {
  return {
    id: 'event-highlight',
    type: 'circle',
    filter: ['all', ['!', IS_GROUP], ['in', ['get', 'id'], ['literal', ids]]],
    paint: {
      'circle-color': categoryColor,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 6, 10, 14, 13],
      'circle-stroke-width': 4,
      'circle-stroke-color': '#e63946',
    },
  };
}

/** Layers that react to the pointer. */
export const INTERACTIVE_LAYER_IDS = [clusterLayer.id, pointLayer.id, 'event-highlight'];

/** The visitor's position from "near me": the accuracy circle and the dot, in a source of their own. */
export const YOU_ARE_HERE_SOURCE_ID = 'you-are-here';

export const youAreHereAccuracyLayer: Omit<FillLayerSpecification, 'source'> = {
  id: 'you-are-here-accuracy',
  type: 'fill',
  filter: ['==', ['get', 'kind'], 'accuracy'],
  paint: { 'fill-color': '#1a73e8', 'fill-opacity': 0.15, 'fill-outline-color': '#1a73e8' },
};

export const youAreHereDotLayer: Omit<CircleLayerSpecification, 'source'> = {
  id: 'you-are-here-dot',
  type: 'circle',
  filter: ['==', ['get', 'kind'], 'position'],
  paint: {
    'circle-color': '#1a73e8',
    'circle-radius': 7,
    'circle-stroke-width': 3,
    'circle-stroke-color': '#ffffff',
  },
};
