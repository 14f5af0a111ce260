import type { Locale } from './config';

const en = {
  save: 'Save',
  saved: 'Saved',
  /** The button's accessible name: which event (a list has many Save buttons). */
  saveName: (name: string) => `Save “${name}”`,
  savedName: (name: string) => `Saved: “${name}”. Remove from saved events`,
  storageRefused: 'This browser does not let the site keep saved events.',
  title: 'Saved events',
  intro: 'The events you saved on this device, soonest first, with their latest news from the catalogue.',
  empty: 'Nothing saved yet. Use “Save” on an event to keep it here.',
  backToMap: 'Back to the map',
  remove: (name: string) => `Remove “${name}”`,
  removeShort: 'Remove',
  exportCalendar: 'Add them all to my calendar (.ics)',
  count: (n: number) => (n === 1 ? '1 saved event' : `${n} saved events`),
  cancelled: 'Cancelled',
  soldOut: 'Sold out',
  passed: 'Passed',
  gone: 'No longer listed',
  checking: 'Checking the latest news…',
  unknownState: 'Latest news unavailable right now',
  menuLink: 'Saved',
};

const fr: typeof en = {
  save: 'Enregistrer',
  saved: 'Enregistré',
  saveName: (name) => `Enregistrer « ${name} »`,
  savedName: (name) => `Enregistré : « ${name} ». Retirer des événements enregistrés`,
  storageRefused: 'Ce navigateur ne permet pas au site de garder les événements enregistrés.',
  title: 'Événements enregistrés',
  intro:
    'Les événements enregistrés sur cet appareil, du plus proche au plus lointain, avec leurs dernières nouvelles.',
  empty: 'Rien d’enregistré pour l’instant. Utilisez « Enregistrer » sur un événement pour le garder ici.',
  backToMap: 'Retour à la carte',
  remove: (name) => `Retirer « ${name} »`,
  removeShort: 'Retirer',
  exportCalendar: 'Tous les ajouter à mon agenda (.ics)',
  count: (n) => (n <= 1 ? `${n} événement enregistré` : `${n} événements enregistrés`),
  cancelled: 'Annulé',
  soldOut: 'Complet',
  passed: 'Passé',
  gone: 'Plus au programme',
  checking: 'Vérification des dernières nouvelles…',
  unknownState: 'Dernières nouvelles indisponibles pour le moment',
  menuLink: 'Enregistrés',
};

const MESSAGES: Record<Locale, typeof en> = { en, fr };

/** The saved events' strings (save buttons, the Saved view) in a language. */
export function savedMessages(locale: Locale): typeof en {
  return MESSAGES[locale];
}
export type SavedMessages = typeof en;
