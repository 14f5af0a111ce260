import type { Locale } from './config';

/**
 * What the live map says in words: its credits (MapLibre's attribution control), its canvas's label and the labels of
 * MapLibre's own controls that the map shows (MapLibre's `locale` option, merged over its English defaults).
 */
const en = {
  basemapCredit: 'Basemap: Natural Earth',
  placesCredit: 'Places: GeoNames',
  osmCredit: '© OpenStreetMap contributors',
  canvasLabel: 'Map of events. The list of events holds the same results.',
  maplibre: {
    'AttributionControl.ToggleAttribution': 'Toggle attribution',
    'Map.Title': 'Map',
    'NavigationControl.ZoomIn': 'Zoom in',
    'NavigationControl.ZoomOut': 'Zoom out',
  } as Record<string, string>,
};

const fr: typeof en = {
  basemapCredit: 'Fond de carte : Natural Earth',
  placesCredit: 'Lieux : GeoNames',
  // OpenStreetMap's own French wording of its credit.
  osmCredit: '© les contributeurs d’OpenStreetMap',
  canvasLabel: 'Carte des événements. La liste des événements donne les mêmes résultats.',
  maplibre: {
    'AttributionControl.ToggleAttribution': 'Afficher ou masquer les crédits',
    'Map.Title': 'Carte',
    'NavigationControl.ZoomIn': 'Zoom avant',
    'NavigationControl.ZoomOut': 'Zoom arrière',
  },
};

export type MapMessages = typeof en;

/** The map's words in `locale`; English where the page's language is not known. */
export function mapMessages(locale: Locale | undefined): MapMessages {
  return locale === 'fr' ? fr : en;
}
