import { CATEGORIES, CATEGORY_ID_BY_KEY } from '@/partner-api/store/catalogue-data';
import { foldText } from '@/partner-api/search/normalize';

/*
 * Every format's category vocabulary onto the spec's categories (docs/ingestion.md "Categories"): a spec key as is
 * (`musique`, `musique/jazz`), a schema.org Event subtype, or words in French or English (iCalendar CATEGORIES, free
 * text). What maps onto nothing is dropped; an event with no category left is `none` for the events filter.
 */

/** schema.org Event subtypes (https://schema.org/Event#subtypes). */
const SCHEMA_ORG: Record<string, string> = {
  MusicEvent: 'musique',
  TheaterEvent: 'spectacle/theatre',
  ComedyEvent: 'spectacle/humour',
  DanceEvent: 'spectacle/danse',
  ScreeningEvent: 'cinema',
  ExhibitionEvent: 'expo',
  VisualArtsEvent: 'expo',
  Festival: 'festival',
  FoodEvent: 'gastronomie',
  LiteraryEvent: 'livres',
  ChildrensEvent: 'enfants',
  SportsEvent: 'sport',
  EducationEvent: 'atelier',
  CourseInstance: 'atelier',
  BusinessEvent: 'pro',
  SocialEvent: 'soiree',
  SaleEvent: 'brocante',
  Hackathon: 'pro',
  PublicationEvent: 'livres',
};

/** Words (folded: no accents, lower case) onto category keys; the first word of a text that is known decides. */
const WORDS: Array<[string[], string]> = [
  [['jazz', 'swing', 'blues'], 'musique/jazz'],
  [['rock', 'metal', 'punk', 'pop rock'], 'musique/rock'],
  [
    ['classique', 'classical', 'symphonie', 'symphony', 'orchestre', 'orchestra', 'recital', 'piano'],
    'musique/classique',
  ],
  [['electro', 'electronic', 'techno', 'house', 'dj'], 'musique/electro'],
  [['chanson', 'variete'], 'musique/chanson'],
  [['rap', 'hip hop', 'hip-hop', 'hiphop'], 'musique/rap'],
  [['opera', 'operette'], 'spectacle/opera'],
  [['theatre', 'theater', 'piece', 'play', 'comedie'], 'spectacle/theatre'],
  [['humour', 'humor', 'comedy', 'stand up', 'stand-up', 'one man show', 'standup'], 'spectacle/humour'],
  [['danse', 'dance', 'ballet'], 'spectacle/danse'],
  [['cirque', 'circus'], 'spectacle/cirque'],
  [['concert', 'musique', 'music', 'gig'], 'musique'],
  [['spectacle', 'show', 'performance'], 'spectacle'],
  [['festival'], 'festival'],
  [['exposition', 'expo', 'exhibition', 'vernissage', 'galerie', 'gallery'], 'expo'],
  [['photographie', 'photography', 'photo'], 'expo/photographie'],
  [['cinema', 'film', 'movie', 'projection', 'screening', 'avant premiere'], 'cinema'],
  [['conference', 'talk', 'lecture', 'debat', 'debate', 'table ronde'], 'conference'],
  [['atelier', 'workshop', 'cours', 'class', 'stage'], 'atelier'],
  [['enfants', 'enfant', 'kids', 'children', 'famille', 'family', 'jeune public'], 'enfants'],
  [['brocante', 'vide grenier', 'flea market', 'antiquites'], 'brocante'],
  [['degustation', 'tasting', 'gastronomie', 'food', 'vin', 'wine', 'marche', 'market'], 'gastronomie'],
  [['livre', 'livres', 'book', 'books', 'lecture publique', 'dedicace', 'salon du livre'], 'livres'],
  [['salon', 'fair', 'expo-vente'], 'salon'],
  [['sport', 'sports', 'match', 'football', 'rugby', 'marathon', 'course', 'running', 'trail'], 'sport'],
  [['randonnee', 'hike', 'hiking', 'nature', 'balade'], 'nature'],
  [['visite', 'visit', 'tour guide', 'guided tour', 'patrimoine', 'heritage'], 'visite'],
  [['soiree', 'party', 'club', 'clubbing', 'nightlife', 'karaoke'], 'soiree'],
  [['science', 'sciences', 'astronomie', 'astronomy'], 'sciences'],
  [['solidarite', 'charity', 'benevolat', 'volunteering'], 'solidarite'],
  [['rencontre', 'meetup', 'meeting'], 'meeting'],
  [['formation', 'training', 'professionnel', 'business', 'networking'], 'pro'],
  [['loisirs', 'leisure', 'jeux', 'games'], 'loisirs'],
];

const SUB_BY_SLUG = new Map(
  CATEGORIES.filter((c) => c.subCategory).map((c) => [c.subCategory as string, `${c.mainCategory}/${c.subCategory}`]),
);

/** The spec's own French and English labels (folded) of every category: "Visite guidée", "Cooking class"… */
const BY_LABEL = new Map(
  CATEGORIES.flatMap((c) => {
    const key = c.subCategory ? `${c.mainCategory}/${c.subCategory}` : c.mainCategory;
    return [foldText(c.fr), foldText(c.en)].map((label) => [label, key] as const);
  }),
);

function byWords(text: string): string | null {
  const folded = ` ${foldText(text)
    .replace(/[^\p{L}\p{N}-]+/gu, ' ')
    .trim()} `;
  for (const [words, key] of WORDS) {
    if (words.some((w) => folded.includes(` ${w} `))) return key;
  }
  return null;
}

/** The spec category key one partner term stands for, or null. */
export function mapCategory(term: string): string | null {
  const trimmed = term.trim();
  const bare = trimmed.replace(/^https?:\/\/schema\.org\//, '');
  if (SCHEMA_ORG[bare]) return SCHEMA_ORG[bare];
  const lower = foldText(trimmed);
  if (CATEGORY_ID_BY_KEY.has(lower)) return lower;
  const sub = SUB_BY_SLUG.get(lower) ?? SUB_BY_SLUG.get(lower.replace(/\s+/g, '-'));
  if (sub) return sub;
  const labelled = BY_LABEL.get(lower);
  if (labelled) return labelled;
  return byWords(trimmed);
}

/** The category keys of a record's terms (deduplicated, order kept; unknown terms dropped). */
export function mapCategories(terms: readonly string[]): string[] {
  const keys: string[] = [];
  for (const term of terms) {
    const key = mapCategory(term);
    if (key && CATEGORY_ID_BY_KEY.has(key) && !keys.includes(key)) keys.push(key);
  }
  return keys;
}
