import type { TMainCategory } from '@/lib/contract';

/** An arrondissement: its postal code and roughly where its middle is. */
export interface District {
  postalCode: string;
  lng: number;
  lat: number;
}

/** A real French city: centre coordinates, population (municipal, rounded) and a postal code generator. */
export interface City {
  name: string;
  lng: number;
  lat: number;
  population: number;
  /** Postal code(s): arrondissements for Paris, Marseille and Lyon. */
  postalCodes: readonly string[];
  /**
   * Where the seed spreads venues from, when the centre is at the water's edge (a harbour, a beach, a lake): far
   * enough inland that every venue stands on land as the coast is drawn at 1:10m. Else the centre.
   */
  venueCentre?: { lng: number; lat: number };
  /** The arrondissements, for a venue's postal code to be the one of where it stands. */
  districts?: readonly District[];
}

const postalCodesOf = (districts: readonly District[]) => districts.map((district) => district.postalCode);

// The arrondissements' middles, approximately: enough for the nearest one to be where a venue stands.
const PARIS_DISTRICTS: readonly District[] = [
  { postalCode: '75001', lng: 2.3364, lat: 48.8625 },
  { postalCode: '75002', lng: 2.3428, lat: 48.8683 },
  { postalCode: '75003', lng: 2.36, lat: 48.863 },
  { postalCode: '75004', lng: 2.3576, lat: 48.8543 },
  { postalCode: '75005', lng: 2.3497, lat: 48.8445 },
  { postalCode: '75006', lng: 2.3328, lat: 48.8491 },
  { postalCode: '75007', lng: 2.3122, lat: 48.8562 },
  { postalCode: '75008', lng: 2.3125, lat: 48.8727 },
  { postalCode: '75009', lng: 2.3375, lat: 48.877 },
  { postalCode: '75010', lng: 2.3607, lat: 48.8762 },
  { postalCode: '75011', lng: 2.38, lat: 48.8591 },
  { postalCode: '75012', lng: 2.3876, lat: 48.8396 },
  { postalCode: '75013', lng: 2.3623, lat: 48.8283 },
  { postalCode: '75014', lng: 2.3266, lat: 48.8292 },
  { postalCode: '75015', lng: 2.2934, lat: 48.8401 },
  { postalCode: '75016', lng: 2.262, lat: 48.8604 },
  { postalCode: '75017', lng: 2.3067, lat: 48.8873 },
  { postalCode: '75018', lng: 2.3484, lat: 48.8925 },
  { postalCode: '75019', lng: 2.3848, lat: 48.8871 },
  { postalCode: '75020', lng: 2.4011, lat: 48.8634 },
];
const MARSEILLE_DISTRICTS: readonly District[] = [
  { postalCode: '13001', lng: 5.3841, lat: 43.2999 },
  { postalCode: '13002', lng: 5.3639, lat: 43.3126 },
  { postalCode: '13003', lng: 5.3802, lat: 43.3121 },
  { postalCode: '13004', lng: 5.4007, lat: 43.3063 },
  { postalCode: '13005', lng: 5.3976, lat: 43.2928 },
  { postalCode: '13006', lng: 5.3806, lat: 43.287 },
  { postalCode: '13007', lng: 5.3633, lat: 43.2826 },
  { postalCode: '13008', lng: 5.3747, lat: 43.2415 },
  { postalCode: '13009', lng: 5.4505, lat: 43.234 },
  { postalCode: '13010', lng: 5.4265, lat: 43.2764 },
  { postalCode: '13011', lng: 5.4836, lat: 43.2889 },
  { postalCode: '13012', lng: 5.4402, lat: 43.308 },
  { postalCode: '13013', lng: 5.4333, lat: 43.3495 },
  { postalCode: '13014', lng: 5.3923, lat: 43.3447 },
  { postalCode: '13015', lng: 5.3646, lat: 43.3584 },
  { postalCode: '13016', lng: 5.3138, lat: 43.3635 },
];
const LYON_DISTRICTS: readonly District[] = [
  { postalCode: '69001', lng: 4.829, lat: 45.7695 },
  { postalCode: '69002', lng: 4.823, lat: 45.745 },
  { postalCode: '69003', lng: 4.8691, lat: 45.7533 },
  { postalCode: '69004', lng: 4.8247, lat: 45.7786 },
  { postalCode: '69005', lng: 4.8014, lat: 45.7588 },
  { postalCode: '69006', lng: 4.8522, lat: 45.7729 },
  { postalCode: '69007', lng: 4.8398, lat: 45.7327 },
  { postalCode: '69008', lng: 4.8695, lat: 45.7345 },
  { postalCode: '69009', lng: 4.8033, lat: 45.7787 },
];

export const CITIES: readonly City[] = [
  {
    name: 'Paris',
    lng: 2.3522,
    lat: 48.8566,
    population: 2_133_000,
    postalCodes: postalCodesOf(PARIS_DISTRICTS),
    districts: PARIS_DISTRICTS,
  },
  {
    name: 'Marseille',
    lng: 5.3698,
    lat: 43.2965,
    population: 873_000,
    postalCodes: postalCodesOf(MARSEILLE_DISTRICTS),
    venueCentre: { lng: 5.405, lat: 43.305 },
    districts: MARSEILLE_DISTRICTS,
  },
  {
    name: 'Lyon',
    lng: 4.8357,
    lat: 45.764,
    population: 522_000,
    postalCodes: postalCodesOf(LYON_DISTRICTS),
    districts: LYON_DISTRICTS,
  },
  {
    name: 'Toulouse',
    lng: 1.4442,
    lat: 43.6047,
    population: 504_000,
    postalCodes: ['31000', '31200', '31300', '31400', '31500'],
  },
  {
    name: 'Nice',
    lng: 7.262,
    lat: 43.7102,
    population: 342_000,
    postalCodes: ['06000', '06100', '06200', '06300'],
    venueCentre: { lng: 7.262, lat: 43.716 },
  },
  {
    name: 'Nantes',
    lng: -1.5536,
    lat: 47.2184,
    population: 320_000,
    postalCodes: ['44000', '44100', '44200', '44300'],
  },
  {
    name: 'Montpellier',
    lng: 3.8767,
    lat: 43.6108,
    population: 299_000,
    postalCodes: ['34000', '34070', '34080', '34090'],
  },
  { name: 'Strasbourg', lng: 7.7521, lat: 48.5734, population: 287_000, postalCodes: ['67000', '67100', '67200'] },
  {
    name: 'Bordeaux',
    lng: -0.5792,
    lat: 44.8378,
    population: 261_000,
    postalCodes: ['33000', '33100', '33200', '33300', '33800'],
  },
  { name: 'Lille', lng: 3.0573, lat: 50.6292, population: 236_000, postalCodes: ['59000', '59160', '59260', '59800'] },
  { name: 'Rennes', lng: -1.6778, lat: 48.1173, population: 222_000, postalCodes: ['35000', '35200', '35700'] },
  {
    name: 'Toulon',
    lng: 5.928,
    lat: 43.1242,
    population: 180_000,
    postalCodes: ['83000', '83100', '83200'],
    venueCentre: { lng: 5.925, lat: 43.148 },
  },
  { name: 'Reims', lng: 4.0317, lat: 49.2583, population: 180_000, postalCodes: ['51100'] },
  { name: 'Saint-Étienne', lng: 4.3872, lat: 45.4397, population: 173_000, postalCodes: ['42000', '42100'] },
  {
    name: 'Le Havre',
    lng: 0.1079,
    lat: 49.4944,
    population: 166_000,
    postalCodes: ['76600', '76610', '76620'],
    venueCentre: { lng: 0.135, lat: 49.51 },
  },
  { name: 'Dijon', lng: 5.0415, lat: 47.322, population: 159_000, postalCodes: ['21000'] },
  { name: 'Grenoble', lng: 5.7245, lat: 45.1885, population: 157_000, postalCodes: ['38000', '38100'] },
  { name: 'Angers', lng: -0.5632, lat: 47.4784, population: 157_000, postalCodes: ['49000', '49100'] },
  { name: 'Villeurbanne', lng: 4.8902, lat: 45.7719, population: 156_000, postalCodes: ['69100'] },
  { name: 'Nîmes', lng: 4.3601, lat: 43.8367, population: 148_000, postalCodes: ['30000', '30900'] },
  { name: 'Clermont-Ferrand', lng: 3.087, lat: 45.7772, population: 147_000, postalCodes: ['63000', '63100'] },
  { name: 'Aix-en-Provence', lng: 5.4474, lat: 43.5297, population: 145_000, postalCodes: ['13090', '13100'] },
  { name: 'Le Mans', lng: 0.1996, lat: 48.0061, population: 143_000, postalCodes: ['72000', '72100'] },
  {
    name: 'Brest',
    lng: -4.4861,
    lat: 48.3904,
    population: 139_000,
    postalCodes: ['29200'],
    venueCentre: { lng: -4.478, lat: 48.402 },
  },
  { name: 'Tours', lng: 0.6848, lat: 47.3941, population: 136_000, postalCodes: ['37000', '37100', '37200'] },
  { name: 'Amiens', lng: 2.2958, lat: 49.8941, population: 133_000, postalCodes: ['80000', '80080', '80090'] },
  { name: 'Limoges', lng: 1.2611, lat: 45.8336, population: 130_000, postalCodes: ['87000', '87100'] },
  {
    name: 'Annecy',
    lng: 6.1294,
    lat: 45.8992,
    population: 130_000,
    postalCodes: ['74000'],
    venueCentre: { lng: 6.118, lat: 45.906 },
  },
  { name: 'Metz', lng: 6.1757, lat: 49.1193, population: 120_000, postalCodes: ['57000', '57050', '57070'] },
  { name: 'Perpignan', lng: 2.8948, lat: 42.6887, population: 119_000, postalCodes: ['66000', '66100'] },
  { name: 'Besançon', lng: 6.0241, lat: 47.2378, population: 117_000, postalCodes: ['25000'] },
  { name: 'Orléans', lng: 1.9093, lat: 47.903, population: 116_000, postalCodes: ['45000', '45100'] },
  { name: 'Rouen', lng: 1.0999, lat: 49.4432, population: 114_000, postalCodes: ['76000', '76100'] },
  { name: 'Mulhouse', lng: 7.3359, lat: 47.7508, population: 108_000, postalCodes: ['68100', '68200'] },
  { name: 'Caen', lng: -0.3707, lat: 49.1829, population: 106_000, postalCodes: ['14000'] },
  { name: 'Nancy', lng: 6.1844, lat: 48.6921, population: 104_000, postalCodes: ['54000', '54100'] },
  { name: 'Avignon', lng: 4.8055, lat: 43.9493, population: 91_000, postalCodes: ['84000'] },
  {
    name: 'La Rochelle',
    lng: -1.1511,
    lat: 46.1603,
    population: 77_000,
    postalCodes: ['17000'],
    venueCentre: { lng: -1.138, lat: 46.168 },
  },
  { name: 'Pau', lng: -0.3708, lat: 43.2951, population: 75_000, postalCodes: ['64000'] },
  {
    name: 'Ajaccio',
    lng: 8.7386,
    lat: 41.9192,
    population: 71_000,
    postalCodes: ['20000', '20090'],
    venueCentre: { lng: 8.725, lat: 41.938 },
  },
  { name: 'Arles', lng: 4.6278, lat: 43.6766, population: 51_000, postalCodes: ['13200'] },
  { name: 'Bayonne', lng: -1.4748, lat: 43.4929, population: 51_000, postalCodes: ['64100'] },
  {
    name: 'Biarritz',
    lng: -1.5586,
    lat: 43.4832,
    population: 25_000,
    postalCodes: ['64200'],
    venueCentre: { lng: -1.55, lat: 43.479 },
  },
  { name: 'Chamonix-Mont-Blanc', lng: 6.8694, lat: 45.9237, population: 8_600, postalCodes: ['74400'] },
];

/** A kind of venue and what usually happens there (first = most likely). */
export interface VenueType {
  label: string;
  categories: readonly TMainCategory[];
  /** Evening venues open late (periods close after midnight). */
  evening: boolean;
}

export const VENUE_TYPES: readonly VenueType[] = [
  { label: 'Théâtre', categories: ['spectacle', 'enfants', 'festival'], evening: true },
  { label: 'Café-concert', categories: ['musique', 'soiree', 'spectacle'], evening: true },
  { label: 'Salle de concert', categories: ['musique', 'festival', 'soiree'], evening: true },
  { label: 'Cave à jazz', categories: ['musique', 'soiree'], evening: true },
  { label: 'Galerie', categories: ['expo', 'visite', 'atelier'], evening: false },
  { label: 'Musée', categories: ['expo', 'visite', 'conference', 'enfants'], evening: false },
  { label: 'Cinéma', categories: ['cinema', 'festival', 'enfants'], evening: true },
  { label: 'Librairie', categories: ['livres', 'conference', 'atelier'], evening: false },
  { label: 'Médiathèque', categories: ['livres', 'enfants', 'atelier', 'conference'], evening: false },
  { label: 'Parc', categories: ['nature', 'sport', 'loisirs', 'enfants', 'festival'], evening: false },
  { label: 'Halle', categories: ['brocante', 'gastronomie', 'salon', 'festival'], evening: false },
  { label: 'Centre des congrès', categories: ['salon', 'pro', 'conference', 'meeting'], evening: false },
  { label: 'Stade', categories: ['sport', 'musique'], evening: true },
  { label: 'Brasserie', categories: ['soiree', 'gastronomie', 'musique', 'meeting'], evening: true },
  { label: 'Maison des associations', categories: ['solidarite', 'atelier', 'meeting'], evening: false },
  { label: 'Planétarium', categories: ['sciences', 'enfants', 'conference'], evening: false },
  { label: 'Église', categories: ['musique', 'visite'], evening: false },
  { label: 'Opéra', categories: ['spectacle', 'musique'], evening: true },
  { label: 'Espace culturel', categories: ['spectacle', 'expo', 'atelier', 'musique'], evening: true },
];

export const VENUE_SUFFIXES = [
  'des Lilas',
  'Saint-Michel',
  'du Vieux Port',
  'Molière',
  'de la Gaîté',
  'des Célestins',
  'Victor-Hugo',
  'du Château',
  'Jean-Moulin',
  'des Arts',
  "de l'Étoile",
  'Lumière',
  'du Canal',
  'des Halles',
  'de la Comédie',
  'Bellevue',
  'des Carmes',
  'Pasteur',
  'du Marché',
  'de la Licorne',
  'Sainte-Anne',
  'des Tanneurs',
  'du Belvédère',
  'Émile-Zola',
  'des Brotteaux',
  'de la Roquette',
  'des Capucins',
  'Mozart',
] as const;

/** Venue names that exist in several cities (search must tell them apart by proximity). */
export const SHARED_VENUE_NAMES = ['Le Petit Théâtre', 'Le Café des Arts', 'La Maison de la Musique'] as const;

export const STREETS = [
  'rue de la République',
  'avenue Jean-Jaurès',
  'rue Victor-Hugo',
  'boulevard Gambetta',
  'rue du Général-de-Gaulle',
  'place de la Mairie',
  'rue Pasteur',
  'quai des Célestins',
  'rue Saint-Honoré',
  'rue de la Paix',
  'cours Mirabeau',
  'rue des Écoles',
  'allée des Tilleuls',
  'rue Sainte-Catherine',
  'boulevard Voltaire',
  'rue Émile-Zola',
  'place du Marché',
  'rue de la Gare',
  'avenue de la Libération',
  'rue des Fleurs',
] as const;

/** Event title patterns per category; `{p}` = performer, `{v}` = venue, `{c}` = city, `{t}` = a theme word. */
export const EVENT_TITLES: Record<TMainCategory, readonly string[]> = {
  atelier: [
    'Atelier poterie',
    'Atelier aquarelle pour débutants',
    'Atelier cuisine : {t}',
    'Initiation à la couture',
    'Atelier zéro déchet',
  ],
  brocante: [
    'Grande brocante de {c}',
    'Vide-grenier du quartier',
    'Marché aux puces',
    'Brocante des antiquaires',
    'Bourse aux vinyles',
  ],
  cinema: [
    'Ciné-club : {t}',
    'Avant-première surprise',
    'Nuit du court métrage',
    'Rétrospective Agnès Varda',
    'Cinéma en plein air',
  ],
  conference: [
    'Conférence : {t}',
    'Rencontre-débat sur {t}',
    'Les jeudis de la science',
    "Conférence d'histoire de l'art",
  ],
  enfants: [
    'Spectacle de marionnettes',
    "L'heure du conte",
    'Chasse au trésor',
    'Atelier des petits chefs',
    'Goûter-concert',
  ],
  expo: [
    'Exposition : {t}',
    'Rétrospective impressionniste',
    'Photographies de {c}',
    'Regards croisés',
    'Art contemporain : {t}',
  ],
  festival: [
    'Festival {t} de {c}',
    'Les Nuits de {c}',
    'Festival des arts de la rue',
    'Fête de la musique',
    'Printemps de {c}',
  ],
  gastronomie: [
    'Dégustation de vins natures',
    'Marché des producteurs',
    'Fête du fromage',
    'Salon du chocolat',
    'Dîner-spectacle',
  ],
  livres: ['Dédicace : {p}', 'Salon du livre de {c}', 'Lecture à voix haute', 'Club de lecture', 'Rencontre avec {p}'],
  loisirs: [
    'Soirée jeux de société',
    'Escape game géant',
    'Tournoi de pétanque',
    'Karting en famille',
    'Bal populaire',
  ],
  meeting: ['Afterwork entrepreneurs', 'Café des langues', 'Rencontre des voisins', 'Apéro networking'],
  musique: [
    '{p} en concert',
    'Concert : {p}',
    'Soirée {t}',
    '{p} — tournée 2026',
    'Récital de piano',
    'Jazz au {v}',
    'Orchestre symphonique : {t}',
  ],
  nature: ['Randonnée au lever du soleil', 'Balade botanique', 'Observation des oiseaux', 'Sortie nature en forêt'],
  pro: ['Forum de l’emploi', 'Formation : {t}', 'Salon des start-up', 'Journée de la transition numérique'],
  salon: ['Salon des vins de {c}', "Salon de l'habitat", 'Salon du mariage', 'Foire de {c}', 'Salon des métiers d’art'],
  sciences: ['Nuit des étoiles', 'Fête de la science', 'Observation du ciel', 'Expériences pour petits curieux'],
  soiree: ['Soirée électro', 'Soirée karaoké', 'Bal masqué', 'Soirée salsa', 'Nuit blanche au {v}'],
  solidarite: ['Collecte solidaire', 'Repas partagé', 'Course caritative', 'Concert solidaire', 'Journée du bénévolat'],
  spectacle: [
    '« Le Misanthrope »',
    '« Cyrano de Bergerac »',
    '{p} : nouveau spectacle',
    'Seul en scène : {p}',
    'Ballet : {t}',
    'Cirque : {t}',
    'Opéra : « Carmen »',
  ],
  sport: ['Match de rugby', 'Semi-marathon de {c}', 'Tournoi de football', 'Course des lumières', 'Gala de boxe'],
  visite: [
    'Visite guidée du vieux {c}',
    'Visite nocturne',
    'Les secrets du {v}',
    'Balade patrimoine',
    'Visite des toits',
  ],
};

export const THEMES = [
  'le voyage',
  'la mer',
  'les lumières',
  'la Belle Époque',
  'les saisons',
  'le jazz manouche',
  'la nuit',
  'les années folles',
  'la forêt',
  "l'Afrique",
  'le climat',
  'la mémoire',
  'les rêves',
  'la fête',
] as const;

export const DESCRIPTION_OPENINGS = [
  'Un rendez-vous incontournable de la saison.',
  'Une soirée conviviale à partager en famille ou entre amis.',
  'Venez découvrir un moment unique, au cœur de la ville.',
  'Une expérience originale, accessible à tous.',
  'Le public est attendu nombreux pour cette nouvelle édition.',
  'Un moment de partage et de découverte.',
] as const;

export const DESCRIPTION_DETAILS = [
  'Buvette et restauration sur place.',
  'Accessible aux personnes à mobilité réduite.',
  'Réservation conseillée, places limitées.',
  'Ouverture des portes trente minutes avant le début.',
  'Gratuit pour les moins de 12 ans.',
  'En français, surtitré en anglais.',
  'Tenue confortable recommandée.',
] as const;

export const FIRST_NAMES = [
  'Élodie',
  'Julien',
  'Camille',
  'Théo',
  'Léa',
  'Mathis',
  'Chloé',
  'Hugo',
  'Inès',
  'Louis',
  'Manon',
  'Gaspard',
  'Zoé',
  'Noé',
  'Clémence',
  'Raphaël',
  'Anaïs',
  'Jérôme',
  'Margaux',
  'Benoît',
] as const;

export const LAST_NAMES = [
  'Marchand',
  'Lefèvre',
  'Dubois',
  'Moreau',
  'Girard',
  'Fournier',
  'Lambert',
  'Rousseau',
  'Bonnet',
  'Fontaine',
  'Chevalier',
  'Roussel',
  'Mercier',
  'Garnier',
  'Faure',
  'Perrin',
  'Brunet',
  'Blanchard',
  'Gauthier',
  'Lemoine',
] as const;

export const BAND_WORDS = [
  'Cigales',
  'Hirondelles',
  'Lucioles',
  'Marins',
  'Voyageurs',
  'Rêveurs',
  'Garçons Bouchers',
  'Nuits Blanches',
  'Comètes',
  'Bruits de Couloir',
] as const;

export const PERFORMER_DESCRIPTIONS = [
  'Artiste de la scène française.',
  'Formation acclamée par la critique.',
  'Révélation de l’année.',
  'Un univers poétique et singulier.',
  'Plus de vingt ans de scène.',
  'Compagnie en résidence.',
] as const;

export const USERNAMES = [
  'Camille_75',
  'julien.m',
  'Léa B.',
  'Mathieu',
  'Chloé R.',
  'nico13',
  'Sophie L.',
  'Hugo_Lyon',
  'Manon',
  'Thomas D.',
  'Inès',
  'Baptiste',
  'Océane',
  'Maël',
] as const;

/** Commentary texts by grade (1–5). */
export const COMMENTARIES: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  1: ['Très déçu, organisation chaotique.', 'Annulé au dernier moment, aucune information.'],
  2: ['Un peu cher pour ce que c’est.', 'Trop de monde, difficile de voir la scène.'],
  3: ['Correct sans plus.', 'Son moyen, mais bonne ambiance.', 'Sympa, sans être inoubliable.'],
  4: [
    'Très belle découverte.',
    'Bien organisé, accueil chaleureux.',
    'Les enfants ont adoré.',
    'Son excellent, salle un peu petite.',
  ],
  5: ['Superbe soirée, ambiance géniale !', 'À refaire sans hésiter.', 'Magnifique, émouvant.', 'Un moment magique.'],
};
