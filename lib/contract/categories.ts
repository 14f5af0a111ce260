/** The spec's main categories, usable in the get-events filter (`none` = events without a category). */
export const MAIN_CATEGORIES = [
  'atelier',
  'brocante',
  'cinema',
  'conference',
  'enfants',
  'expo',
  'festival',
  'gastronomie',
  'livres',
  'loisirs',
  'meeting',
  'musique',
  'nature',
  'pro',
  'salon',
  'sciences',
  'soiree',
  'solidarite',
  'spectacle',
  'sport',
  'visite',
] as const;

export type TMainCategory = (typeof MAIN_CATEGORIES)[number];

/** Filter values: every main category plus `none`. */
export const CATEGORY_FILTER_VALUES = [...MAIN_CATEGORIES, 'none'] as const;

export interface CategoryLabel {
  fr: string;
  en: string;
  icon: string;
  /** Map and chip colour; chosen for contrast on the light basemap. */
  color: string;
}

/** French and English labels, icon and colour of every main category. */
export const CATEGORY_LABELS: Record<TMainCategory, CategoryLabel> = {
  atelier: { fr: 'Atelier', en: 'Workshop', icon: '🛠️', color: '#8d5a2b' },
  brocante: { fr: 'Brocante', en: 'Flea market', icon: '🏺', color: '#a0522d' },
  cinema: { fr: 'Cinéma', en: 'Cinema', icon: '🎬', color: '#37474f' },
  conference: { fr: 'Conférence', en: 'Talk', icon: '🎤', color: '#455a64' },
  enfants: { fr: 'Enfants', en: 'Kids', icon: '🧸', color: '#d81b60' },
  expo: { fr: 'Exposition', en: 'Exhibition', icon: '🖼️', color: '#6a1b9a' },
  festival: { fr: 'Festival', en: 'Festival', icon: '🎪', color: '#c62828' },
  gastronomie: { fr: 'Gastronomie', en: 'Food & drink', icon: '🍷', color: '#ad1457' },
  livres: { fr: 'Livres', en: 'Books', icon: '📚', color: '#4e342e' },
  loisirs: { fr: 'Loisirs', en: 'Leisure', icon: '🎯', color: '#00838f' },
  meeting: { fr: 'Rencontre', en: 'Meetup', icon: '🤝', color: '#283593' },
  musique: { fr: 'Musique', en: 'Music', icon: '🎵', color: '#1565c0' },
  nature: { fr: 'Nature', en: 'Outdoors', icon: '🌿', color: '#2e7d32' },
  pro: { fr: 'Professionnel', en: 'Business', icon: '💼', color: '#424242' },
  salon: { fr: 'Salon', en: 'Fair', icon: '🏛️', color: '#5d4037' },
  sciences: { fr: 'Sciences', en: 'Science', icon: '🔬', color: '#00695c' },
  soiree: { fr: 'Soirée', en: 'Night out', icon: '🌙', color: '#4527a0' },
  solidarite: { fr: 'Solidarité', en: 'Charity', icon: '💞', color: '#b71c1c' },
  spectacle: { fr: 'Spectacle', en: 'Show', icon: '🎭', color: '#e65100' },
  sport: { fr: 'Sport', en: 'Sport', icon: '⚽', color: '#2e7d32' },
  visite: { fr: 'Visite', en: 'Tour', icon: '🗺️', color: '#0277bd' },
};
