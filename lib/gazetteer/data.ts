/**
 * The compact gazetteer the build writes (scripts/build-gazetteer.ts) and the server looks towns up in: one row per
 * town, about 35 bytes each, instead of the ~200 bytes of the source records.
 */
export interface GazetteerData {
  /** Where the rows come from, for the attribution. */
  source: string;
  /** French départements by code ("69" → "Rhône"). */
  regions: Record<string, string>;
  /** [name, lng, lat, population, ISO country code, département code ('' outside France)]. */
  towns: [string, number, number, number, string, string][];
  /**
   * Places the offline basemap names that search does not suggest (towns of other countries inside its place tiles'
   * bounds, parts of towns): [name, lng, lat, population, ISO country code]. Drawings name them as the live map does.
   * Absent from a file written before they were kept.
   */
  places?: [string, number, number, number, string][];
}
