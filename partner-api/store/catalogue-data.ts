import { CATEGORY_LABELS, MAIN_CATEGORIES, type TMainCategory } from '@/lib/contract';

/** One row of the categories table; ids are fixed so seeds, tests and partners' mirrors agree across databases. */
export interface CategoryDefinition {
  id: number;
  mainCategory: TMainCategory;
  subCategory: string | null;
  fr: string;
  en: string;
  icon: string;
}

// [main, slug, French, English]; sub-category ids start at 100 and never get reused.
const SUB_CATEGORIES: [TMainCategory, string, string, string][] = [
  ['atelier', 'cuisine', 'Atelier cuisine', 'Cooking class'],
  ['atelier', 'creatif', 'Atelier créatif', 'Craft workshop'],
  ['brocante', 'vide-grenier', 'Vide-grenier', 'Car boot sale'],
  ['brocante', 'antiquites', 'Antiquités', 'Antiques'],
  ['cinema', 'avant-premiere', 'Avant-première', 'Premiere'],
  ['cinema', 'cine-club', 'Ciné-club', 'Film club'],
  ['conference', 'debat', 'Débat', 'Debate'],
  ['enfants', 'marionnettes', 'Marionnettes', 'Puppet show'],
  ['enfants', 'conte', 'Conte', 'Storytelling'],
  ['expo', 'peinture', 'Peinture', 'Painting'],
  ['expo', 'photographie', 'Photographie', 'Photography'],
  ['festival', 'festival-musique', 'Festival de musique', 'Music festival'],
  ['festival', 'festival-arts-rue', 'Arts de la rue', 'Street arts'],
  ['gastronomie', 'degustation', 'Dégustation', 'Tasting'],
  ['gastronomie', 'marche', 'Marché', 'Market'],
  ['livres', 'dedicace', 'Dédicace', 'Book signing'],
  ['loisirs', 'jeux', 'Jeux de société', 'Board games'],
  ['meeting', 'networking', 'Réseautage', 'Networking'],
  ['musique', 'jazz', 'Jazz', 'Jazz'],
  ['musique', 'rock', 'Rock', 'Rock'],
  ['musique', 'classique', 'Classique', 'Classical'],
  ['musique', 'electro', 'Électro', 'Electronic'],
  ['musique', 'chanson', 'Chanson française', 'French chanson'],
  ['musique', 'rap', 'Rap', 'Hip-hop'],
  ['nature', 'randonnee', 'Randonnée', 'Hiking'],
  ['pro', 'formation', 'Formation', 'Training'],
  ['salon', 'salon-vin', 'Salon des vins', 'Wine fair'],
  ['sciences', 'astronomie', 'Astronomie', 'Astronomy'],
  ['soiree', 'clubbing', 'Clubbing', 'Clubbing'],
  ['soiree', 'karaoke', 'Karaoké', 'Karaoke'],
  ['solidarite', 'benevolat', 'Bénévolat', 'Volunteering'],
  ['spectacle', 'theatre', 'Théâtre', 'Theatre'],
  ['spectacle', 'humour', 'Humour', 'Comedy'],
  ['spectacle', 'danse', 'Danse', 'Dance'],
  ['spectacle', 'cirque', 'Cirque', 'Circus'],
  ['spectacle', 'opera', 'Opéra', 'Opera'],
  ['sport', 'football', 'Football', 'Football'],
  ['sport', 'course', 'Course à pied', 'Running'],
  ['sport', 'rugby', 'Rugby', 'Rugby'],
  ['visite', 'visite-guidee', 'Visite guidée', 'Guided tour'],
  ['visite', 'patrimoine', 'Patrimoine', 'Heritage'],
];

/** The 21 main categories (ids 1–21, in MAIN_CATEGORIES order) followed by their sub-categories (ids 100+). */
export const CATEGORIES: CategoryDefinition[] = [
  ...MAIN_CATEGORIES.map((main, index) => ({
    id: index + 1,
    mainCategory: main,
    subCategory: null,
    fr: CATEGORY_LABELS[main].fr,
    en: CATEGORY_LABELS[main].en,
    icon: CATEGORY_LABELS[main].icon,
  })),
  ...SUB_CATEGORIES.map(([main, sub, fr, en], index) => ({
    id: 100 + index,
    mainCategory: main,
    subCategory: sub,
    fr,
    en,
    icon: CATEGORY_LABELS[main].icon,
  })),
];

/** Category definitions by id. */
export const CATEGORY_BY_ID = new Map(CATEGORIES.map((c) => [c.id, c]));

/** Category ids by key: `musique` for a main category, `musique/jazz` for a sub-category. */
export const CATEGORY_ID_BY_KEY = new Map(
  CATEGORIES.map((c) => [c.subCategory ? `${c.mainCategory}/${c.subCategory}` : c.mainCategory, c.id]),
);

/** Bit of a main category in `events.category_mask` (bit i = MAIN_CATEGORIES[i]). */
export function categoryBit(main: TMainCategory): number {
  return 1 << MAIN_CATEGORIES.indexOf(main);
}

/** A ticketing partner (a source's `partner`). */
export interface PartnerDefinition {
  id: number;
  name: string;
  logo: string;
  backColor: string;
}

/** The fictional ticketing partners the migration creates; logos are served by the service itself. */
export const PARTNERS: PartnerDefinition[] = [
  { id: 1, name: 'Billetterie Horizon', logo: '/images/partner/1-logo.svg', backColor: '#1d4ed8' },
  { id: 2, name: 'TicketSud', logo: '/images/partner/2-logo.svg', backColor: '#ea580c' },
  { id: 3, name: 'Guichet Lumière', logo: '/images/partner/3-logo.svg', backColor: '#ca8a04' },
  { id: 4, name: 'PlaceLibre', logo: '/images/partner/4-logo.svg', backColor: '#16a34a' },
  { id: 5, name: 'Scènes & Co', logo: '/images/partner/5-logo.svg', backColor: '#9333ea' },
  { id: 6, name: 'Festivalia', logo: '/images/partner/6-logo.svg', backColor: '#dc2626' },
  { id: 7, name: 'Billets Express', logo: '/images/partner/7-logo.svg', backColor: '#0891b2' },
];

/** The hostname each partner's ticketing links point to (fictional, under example.com). */
export function partnerTicketingHost(partnerName: string): string {
  const slug = partnerName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug}.tickets.example.com`;
}
