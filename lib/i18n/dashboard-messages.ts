import type { Locale } from '@/lib/i18n/config';
import type { Period } from '@/lib/dashboard/periods';

/** Every string of the partner dashboard, in each language. */
export interface DashboardMessages {
  title: string;
  disabledTitle: string;
  disabledBody: string;
  disabledHow: string;
  signInTitle: string;
  signInIntro: string;
  password: string;
  signIn: string;
  signOut: string;
  /** The Partner API's reference, for the partner (not in the visitors' header). */
  apiDocs: string;
  embedBuilderLink: string;
  wrongPassword: string;
  tooManyAttempts: (minutes: number) => string;
  periods: Record<Period, string>;
  periodLabel: string;
  from: string;
  to: string;
  apply: string;
  clicks: string;
  commission: string;
  previousPeriod: string;
  change: (sign: string, percent: string) => string;
  noPrevious: string;
  chartTitle: string;
  chartDescription: (from: string, to: string) => string;
  clicksChart: string;
  commissionChart: string;
  tableDate: string;
  bySource: string;
  byEvent: string;
  byCategory: string;
  byTown: string;
  source: string;
  event: string;
  category: string;
  town: string;
  unknown: string;
  others: string;
  latest: string;
  time: string;
  noClicks: string;
  exportCsv: string;
  upstreamFailed: (since: string) => string;
  upstreamNeverLoaded: string;
  lastUpdated: (when: string) => string;
  factsPending: string;
  periodError: string;
}

const fr: DashboardMessages = {
  title: 'Clics et commissions',
  disabledTitle: 'Tableau de bord partenaire désactivé',
  disabledBody: 'Ce tableau de bord montre les clics reçus par vos liens de billetterie et les commissions gagnées.',
  disabledHow:
    'Pour l’activer, définissez la variable d’environnement PARTNER_DASHBOARD_PASSWORD (au moins 12 caractères) et redémarrez le site.',
  signInTitle: 'Espace partenaire',
  signInIntro: 'Saisissez le mot de passe du tableau de bord.',
  password: 'Mot de passe',
  signIn: 'Se connecter',
  signOut: 'Se déconnecter',
  apiDocs: 'Documentation de la Partner API',
  embedBuilderLink: 'Créer un widget',
  wrongPassword: 'Mot de passe incorrect.',
  tooManyAttempts: (minutes) => `Trop de tentatives. Réessayez dans ${minutes} min.`,
  periods: { today: 'Aujourd’hui', '7d': '7 jours', '30d': '30 jours', '12m': '12 mois', custom: 'Personnalisée' },
  periodLabel: 'Période',
  from: 'Du',
  to: 'Au',
  apply: 'Afficher',
  clicks: 'Clics',
  commission: 'Commission',
  previousPeriod: 'par rapport à la période précédente',
  change: (sign, percent) => `${sign}${percent}`,
  noPrevious: 'pas de période précédente comparable',
  chartTitle: 'Évolution sur la période',
  chartDescription: (from, to) => `Du ${from} au ${to}`,
  clicksChart: 'Clics par période',
  commissionChart: 'Commission par période',
  tableDate: 'Période',
  bySource: 'Par billetterie',
  byEvent: 'Par événement',
  byCategory: 'Par catégorie',
  byTown: 'Par ville',
  source: 'Billetterie',
  event: 'Événement',
  category: 'Catégorie',
  town: 'Ville',
  unknown: 'Inconnu',
  others: 'Autres',
  latest: 'Derniers clics',
  time: 'Date',
  noClicks: 'Aucun clic sur cette période.',
  exportCsv: 'Exporter la période (CSV)',
  upstreamFailed: (since) =>
    `Les derniers clics n’ont pas pu être chargés depuis le service (${since}). Les chiffres ci-dessous sont ceux déjà reçus.`,
  upstreamNeverLoaded: 'Les clics n’ont pas pu être chargés depuis le service. Réessayez dans un instant.',
  lastUpdated: (when) => `À jour au ${when}`,
  factsPending: 'Catégories et villes en cours de chargement pour une partie des clics.',
  periodError: 'Période invalide : les 30 derniers jours sont affichés.',
};

const en: DashboardMessages = {
  title: 'Clicks and commission',
  disabledTitle: 'The partner dashboard is disabled',
  disabledBody: 'This dashboard shows the clicks your ticketing links received and the commission they earned.',
  disabledHow:
    'To enable it, set the PARTNER_DASHBOARD_PASSWORD environment variable (at least 12 characters) and restart the site.',
  signInTitle: 'Partner area',
  signInIntro: 'Enter the dashboard password.',
  password: 'Password',
  signIn: 'Sign in',
  signOut: 'Sign out',
  apiDocs: 'Partner API docs',
  embedBuilderLink: 'Build an embed',
  wrongPassword: 'Wrong password.',
  tooManyAttempts: (minutes) => `Too many attempts. Try again in ${minutes} min.`,
  periods: { today: 'Today', '7d': '7 days', '30d': '30 days', '12m': '12 months', custom: 'Custom' },
  periodLabel: 'Period',
  from: 'From',
  to: 'To',
  apply: 'Show',
  clicks: 'Clicks',
  commission: 'Commission',
  previousPeriod: 'against the previous period',
  change: (sign, percent) => `${sign}${percent}`,
  noPrevious: 'no comparable previous period',
  chartTitle: 'Over the period',
  chartDescription: (from, to) => `From ${from} to ${to}`,
  clicksChart: 'Clicks over time',
  commissionChart: 'Commission over time',
  tableDate: 'Period',
  bySource: 'By ticketing partner',
  byEvent: 'By event',
  byCategory: 'By category',
  byTown: 'By town',
  source: 'Ticketing partner',
  event: 'Event',
  category: 'Category',
  town: 'Town',
  unknown: 'Unknown',
  others: 'Others',
  latest: 'Latest clicks',
  time: 'Date',
  noClicks: 'No clicks in this period.',
  exportCsv: 'Export the period (CSV)',
  upstreamFailed: (since) =>
    `The latest clicks could not be loaded from the service (${since}). The figures below are those already received.`,
  upstreamNeverLoaded: 'The clicks could not be loaded from the service. Try again in a moment.',
  lastUpdated: (when) => `Up to date as of ${when}`,
  factsPending: 'Categories and towns are still loading for some clicks.',
  periodError: 'Invalid period: showing the last 30 days.',
};

/** The dashboard's strings in a locale. */
export function dashboardMessages(locale: Locale): DashboardMessages {
  return locale === 'fr' ? fr : en;
}
