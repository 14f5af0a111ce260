import type { Locale } from './config';
import { dashboardMessages, type DashboardMessages } from './dashboard-messages';
import { explorerMessages, type ExplorerMessages } from './explorer-messages';

/**
 * Every user-facing string of the web app, in each language (interpolations are functions). The explorer's namespace
 * and the partner dashboard's live in modules of their own, so that a client bundle carries only its own strings.
 */
export interface Messages {
  explorer: ExplorerMessages;
  dashboard: DashboardMessages;
  languageName: string;
  switcher: { label: string; current: string };
  common: {
    home: string;
    free: string;
    priceUnknown: string;
    skipToContent: string;
    outOf5: (grade: string) => string;
    reviews: (count: number) => string;
    noGrade: string;
    more: string;
    previous: string;
    next: string;
    pageOf: (page: number, total: number) => string;
    pagination: string;
  };
  event: {
    dates: string;
    allDates: (count: number) => string;
    availabilityUnknown: string;
    endNotReliable: string;
    cancelled: (date: string) => string;
    cancelledShort: string;
    soldOut: string;
    passed: string;
    price: string;
    goodDeal: string;
    tickets: string;
    noSources: string;
    book: string;
    backToMap: string;
    /** On now: a date under way (a long run only while open). */
    liveNow: string;
    bookWith: (partner: string) => string;
    notBookable: string;
    sourceSoldOut: string;
    categories: string;
    place: string;
    placePage: string;
    directions: string;
    performers: string;
    reviews: string;
    averageGrade: string;
    noReviews: string;
    reviewBy: (user: string) => string;
    description: string;
    addToCalendar: string;
    share: string;
    shareCopied: string;
    shareFailed: string;
    opensInNewTab: string;
  };
  place: {
    address: string;
    website: string;
    grade: string;
    openingHours: string;
    day: string;
    hours: string;
    closed: string;
    noHours: string;
    upcoming: string;
    noUpcoming: string;
    map: (name: string) => string;
    /** Opens the interactive map in place of the drawn one. */
    interactiveMap: string;
  };
  performer: {
    about: string;
    upcoming: string;
    noUpcoming: string;
    whereTheyPlay: string;
    noDescription: string;
  };
  list: { at: (place: string) => string };
  notFound: { title: string; event: string; place: string; performer: string; back: string };
  unavailable: { title: string; body: string; retry: string; back: string; fromCopy: string };
  meta: {
    eventFallback: string;
    placeDescription: (name: string, city: string) => string;
    performerDescription: (name: string) => string;
    siteName: string;
    /** The site's own title (after the brand's name) and description: the home page's and every page's default. */
    siteTagline: string;
    siteDescription: string;
  };
  /** The iCalendar and Atom feeds of a search. */
  feed: {
    events: string;
    uncategorised: string;
    cancelled: string;
    when: Record<'today' | 'tonight' | 'weekend' | 'week' | 'live' | 'dates', string>;
  };
}

const fr: Omit<Messages, 'explorer' | 'dashboard'> = {
  languageName: 'Français',
  switcher: { label: 'Langue', current: 'langue actuelle' },
  common: {
    home: 'Retour à la carte',
    free: 'Gratuit',
    priceUnknown: explorerMessages('fr').priceUnknown,
    skipToContent: 'Aller au contenu',
    outOf5: (grade) => `${grade} sur 5`,
    reviews: (count) => (count <= 1 ? `${count} avis` : `${count} avis`),
    noGrade: 'Pas encore noté',
    more: 'Voir plus',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: (page, total) => `Page ${page} sur ${total}`,
    pagination: 'Pagination',
  },
  event: {
    dates: 'Dates',
    allDates: (count) => `Toutes les dates (${count})`,
    availabilityUnknown: 'disponibilité à confirmer',
    endNotReliable: 'heure de fin indicative',
    cancelled: (date) => `Événement annulé (le ${date})`,
    cancelledShort: 'Annulé',
    soldOut: 'Complet : plus de places disponibles',
    passed: 'Cet événement est terminé',
    price: 'Prix',
    goodDeal: 'Bon plan',
    tickets: 'Billetterie',
    noSources: 'Aucune billetterie pour cet événement.',
    book: 'Réserver',
    backToMap: 'Retour à la carte',
    liveNow: 'En ce moment',
    bookWith: (partner) => `Réserver sur ${partner}`,
    notBookable: 'Réservation indisponible',
    sourceSoldOut: 'Complet',
    categories: 'Catégories',
    place: 'Lieu',
    placePage: 'Voir le lieu et ses événements',
    directions: 'Itinéraire (OpenStreetMap)',
    performers: 'Artistes',
    reviews: 'Avis',
    averageGrade: 'Note moyenne',
    noReviews: 'Pas encore d’avis.',
    reviewBy: (user) => `Avis de ${user}`,
    description: 'Description',
    addToCalendar: 'Ajouter au calendrier (.ics)',
    share: 'Partager',
    shareCopied: 'Lien copié dans le presse-papiers',
    shareFailed: 'Impossible de partager ; copiez l’adresse de la page.',
    opensInNewTab: '(nouvel onglet)',
  },
  place: {
    address: 'Adresse',
    website: 'Site web',
    grade: 'Note',
    openingHours: 'Horaires d’ouverture',
    day: 'Jour',
    hours: 'Horaires',
    closed: 'Fermé',
    noHours: 'Horaires non communiqués.',
    upcoming: 'Événements à venir',
    noUpcoming: 'Aucun événement à venir ici pour le moment.',
    map: (name) => `Carte : ${name}`,
    interactiveMap: 'Carte interactive',
  },
  performer: {
    about: 'À propos',
    upcoming: 'Prochaines dates',
    noUpcoming: 'Aucune date à venir pour le moment.',
    whereTheyPlay: 'Où les voir',
    noDescription: 'Pas de description.',
  },
  list: { at: (place) => `à ${place}` },
  notFound: {
    title: 'Page introuvable',
    event: 'Cet événement n’existe pas ou n’est plus publié.',
    place: 'Ce lieu n’existe pas ou n’est plus référencé.',
    performer: 'Cet artiste n’existe pas ou n’est plus référencé.',
    back: 'Explorer la carte des événements',
  },
  unavailable: {
    title: 'Service momentanément indisponible',
    body: 'Nous ne pouvons pas joindre le service des événements pour le moment. Réessayez dans quelques instants.',
    retry: 'Réessayer',
    back: 'Retour à la carte',
    fromCopy:
      'Le service des événements ne répond pas : cette page montre notre copie, qui peut dater de quelques minutes.',
  },
  meta: {
    eventFallback: 'Événement',
    placeDescription: (name, city) => `${name}${city ? `, ${city}` : ''} : adresse, horaires et événements à venir.`,
    performerDescription: (name) => `${name} : prochaines dates et lieux où les voir.`,
    siteName: 'Eventmap',
    siteTagline: 'que faire près de chez vous',
    siteDescription:
      'Concerts, spectacles, expositions et tout ce qui se passe autour de vous, sur une carte. Trouvez une sortie et réservez.',
  },
  feed: {
    events: 'Événements',
    uncategorised: 'Sans catégorie',
    cancelled: 'annulé',
    when: {
      today: 'aujourd’hui',
      tonight: 'ce soir',
      weekend: 'ce week-end',
      week: 'cette semaine',
      live: 'en ce moment',
      dates: 'aux dates choisies',
    },
  },
};

const en: Omit<Messages, 'explorer' | 'dashboard'> = {
  languageName: 'English',
  switcher: { label: 'Language', current: 'current language' },
  common: {
    home: 'Back to the map',
    free: 'Free',
    priceUnknown: explorerMessages('en').priceUnknown,
    skipToContent: 'Skip to content',
    outOf5: (grade) => `${grade} out of 5`,
    reviews: (count) => (count === 1 ? '1 review' : `${count} reviews`),
    noGrade: 'Not rated yet',
    more: 'Show more',
    previous: 'Previous page',
    next: 'Next page',
    pageOf: (page, total) => `Page ${page} of ${total}`,
    pagination: 'Pagination',
  },
  event: {
    dates: 'Dates',
    allDates: (count) => `All dates (${count})`,
    availabilityUnknown: 'availability to be confirmed',
    endNotReliable: 'end time approximate',
    cancelled: (date) => `This event was cancelled (on ${date})`,
    cancelledShort: 'Cancelled',
    soldOut: 'Sold out: no more tickets available',
    passed: 'This event has ended',
    price: 'Price',
    goodDeal: 'Good deal',
    tickets: 'Tickets',
    noSources: 'No ticket sellers for this event.',
    book: 'Book',
    backToMap: 'Back to the map',
    liveNow: 'On now',
    bookWith: (partner) => `Book on ${partner}`,
    notBookable: 'Booking unavailable',
    sourceSoldOut: 'Sold out',
    categories: 'Categories',
    place: 'Venue',
    placePage: 'See the venue and its events',
    directions: 'Directions (OpenStreetMap)',
    performers: 'Performers',
    reviews: 'Reviews',
    averageGrade: 'Average rating',
    noReviews: 'No reviews yet.',
    reviewBy: (user) => `Review by ${user}`,
    description: 'Description',
    addToCalendar: 'Add to calendar (.ics)',
    share: 'Share',
    shareCopied: 'Link copied to the clipboard',
    shareFailed: 'Could not share; copy the page address instead.',
    opensInNewTab: '(opens in a new tab)',
  },
  place: {
    address: 'Address',
    website: 'Website',
    grade: 'Rating',
    openingHours: 'Opening hours',
    day: 'Day',
    hours: 'Hours',
    closed: 'Closed',
    noHours: 'Opening hours not available.',
    upcoming: 'Upcoming events',
    noUpcoming: 'No upcoming events here yet.',
    map: (name) => `Map: ${name}`,
    interactiveMap: 'Interactive map',
  },
  performer: {
    about: 'About',
    upcoming: 'Upcoming dates',
    noUpcoming: 'No upcoming dates yet.',
    whereTheyPlay: 'Where to see them',
    noDescription: 'No description.',
  },
  list: { at: (place) => `at ${place}` },
  notFound: {
    title: 'Page not found',
    event: 'This event does not exist or is no longer published.',
    place: 'This venue does not exist or is no longer listed.',
    performer: 'This performer does not exist or is no longer listed.',
    back: 'Explore the event map',
  },
  unavailable: {
    title: 'Service temporarily unavailable',
    body: 'We cannot reach the event data service right now. Please try again in a moment.',
    retry: 'Try again',
    back: 'Back to the map',
    fromCopy:
      'The event data service is not answering: this page shows our saved copy, which may be a few minutes old.',
  },
  meta: {
    eventFallback: 'Event',
    placeDescription: (name, city) => `${name}${city ? `, ${city}` : ''}: address, opening hours and upcoming events.`,
    performerDescription: (name) => `${name}: upcoming dates and where to see them.`,
    siteName: 'Eventmap',
    siteTagline: 'what’s on near you',
    siteDescription:
      'Find concerts, shows, exhibitions and everything else happening around you, on a map, and book your tickets.',
  },
  feed: {
    events: 'Events',
    uncategorised: 'Uncategorised',
    cancelled: 'cancelled',
    when: {
      today: 'today',
      tonight: 'tonight',
      weekend: 'this weekend',
      week: 'this week',
      live: 'happening now',
      dates: 'on the chosen dates',
    },
  },
};

const MESSAGES: Record<Locale, Messages> = {
  fr: { ...fr, explorer: explorerMessages('fr'), dashboard: dashboardMessages('fr') },
  en: { ...en, explorer: explorerMessages('en'), dashboard: dashboardMessages('en') },
};

/** The strings of one locale. */
export function getMessages(locale: Locale): Messages {
  return MESSAGES[locale];
}
