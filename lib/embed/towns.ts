import type { Bounds } from '@/lib/explorer/bounds';

/**
 * Towns a partner can type in the embed builder to frame the map on them (the map then follows, and so does the
 * area). A small offline gazetteer: the product fetches nothing from the web at run time.
 */
export interface Town {
  name: string;
  area: Bounds;
}

export const TOWNS: readonly Town[] = [
  { name: 'Paris', area: { west: 2.224, south: 48.815, east: 2.47, north: 48.902 } },
  { name: 'Marseille', area: { west: 5.29, south: 43.2, east: 5.53, north: 43.39 } },
  { name: 'Lyon', area: { west: 4.77, south: 45.707, east: 4.9, north: 45.808 } },
  { name: 'Toulouse', area: { west: 1.35, south: 43.53, east: 1.515, north: 43.67 } },
  { name: 'Nice', area: { west: 7.18, south: 43.65, east: 7.32, north: 43.76 } },
  { name: 'Nantes', area: { west: -1.64, south: 47.18, east: -1.48, north: 47.3 } },
  { name: 'Montpellier', area: { west: 3.81, south: 43.56, east: 3.94, north: 43.66 } },
  { name: 'Strasbourg', area: { west: 7.68, south: 48.5, east: 7.84, north: 48.63 } },
  { name: 'Bordeaux', area: { west: -0.65, south: 44.79, east: -0.52, north: 44.9 } },
  { name: 'Lille', area: { west: 2.97, south: 50.6, east: 3.13, north: 50.67 } },
  { name: 'Rennes', area: { west: -1.75, south: 48.07, east: -1.62, north: 48.15 } },
  { name: 'Reims', area: { west: 3.96, south: 49.2, east: 4.1, north: 49.29 } },
  { name: 'Toulon', area: { west: 5.87, south: 43.1, east: 6.0, north: 43.17 } },
  { name: 'Grenoble', area: { west: 5.68, south: 45.15, east: 5.76, north: 45.21 } },
  { name: 'Dijon', area: { west: 4.98, south: 47.29, east: 5.09, north: 47.36 } },
  { name: 'Angers', area: { west: -0.62, south: 47.43, east: -0.5, north: 47.5 } },
  { name: 'Nîmes', area: { west: 4.3, south: 43.79, east: 4.42, north: 43.87 } },
  { name: 'Clermont-Ferrand', area: { west: 3.05, south: 45.74, east: 3.16, north: 45.81 } },
  { name: 'Le Havre', area: { west: 0.06, south: 49.47, east: 0.2, north: 49.53 } },
  { name: 'Tours', area: { west: 0.64, south: 47.36, east: 0.73, north: 47.42 } },
  { name: 'Rouen', area: { west: 1.03, south: 49.41, east: 1.13, north: 49.47 } },
  { name: 'Avignon', area: { west: 4.77, south: 43.91, east: 4.89, north: 43.97 } },
];

/** Folds case and accents, so `nimes` finds Nîmes. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** The town with exactly that name (case and accents aside), or null. */
export function findTown(name: string): Town | null {
  const wanted = fold(name);
  return TOWNS.find((town) => fold(town.name) === wanted) ?? null;
}
