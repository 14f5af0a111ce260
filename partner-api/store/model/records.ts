import type { PeriodInput } from '../types';

/**
 * The catalogue's records: what one event's JSON is built from, independent of how a store keeps them. Stores load
 * and save them; `serializeEvent` turns one into the stored JSON fragments.
 */

/** A map place as stored. */
export interface MapPlaceRecord {
  id: string;
  name: string;
  address: string;
  lng: number;
  lat: number;
  averageGrade: number | null;
  totalGrades: number | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  photoRef: string | null;
  website: string | null;
  editorialSummary: string | null;
  timeZone: string;
  periods: PeriodInput[];
}

/** A place as stored; images are service-relative paths. */
export interface PlaceRecord {
  id: number;
  mapId: string | null;
  name: string;
  lng: number;
  lat: number;
  street: string;
  city: string;
  postalCode: string;
  country: string;
  image: string;
  squareImage: string;
  rectangleImage: string;
  averageGrade: number;
  totalGrades: number;
  timeZone: string;
}

export interface AvailableDateRecord {
  startMs: number;
  endMs: number;
  hasEndDateNotReliable: boolean;
  hasUnknownAvailability: boolean;
}

export interface PartnerRecord {
  id: number;
  name: string;
  logo: string;
  backColor: string;
}

export interface SourceRecord {
  id: number;
  partner: PartnerRecord;
  startMs: number;
  endMs: number;
  lowestPrice: number | null;
  highestPrice: number | null;
  isGoodDeal: boolean;
  commissionFix: number;
  commissionPerTicket: number;
  commissionPerCart: number;
  commissionRate: number;
  /** The partner's real URL; never serialized (the JSON holds a link marker). */
  link: string;
  isBookable: boolean;
  availableDates: AvailableDateRecord[];
  averageGrade: number;
  totalGrades: number;
  cantRetrieveAvailableDates: boolean;
  notAvailableMs: number | null;
}

export interface PerformerRecord {
  id: number;
  name: string;
  description: string;
  image: string | null;
  webImage: string | null;
}

export interface CommentaryRecord {
  grade: number;
  content: string;
  username: string;
  dateMs: number;
}

/** Everything one event's JSON is built from: the event row and every row it embeds. */
export interface EventRecord {
  id: number;
  serviceId: number;
  name: string;
  description: string;
  startMs: number;
  endMs: number;
  hasEndDateNotReliable: boolean;
  lowestPrice: number | null;
  highestPrice: number | null;
  hasGoodDeal: boolean;
  image: string | null;
  imageHeight: number | null;
  imageWidth: number | null;
  squareImage: string | null;
  rectangleImage: string | null;
  webImage: string | null;
  notAvailableMs: number | null;
  cancelledMs: number | null;
  createdMs: number;
  updatedMs: number;
  timeZone: string;
  mapPlace: MapPlaceRecord | null;
  place: PlaceRecord;
  sources: SourceRecord[];
  /** Main and sub category ids (catalogue-data.ts). */
  categoryIds: number[];
  commentaries: CommentaryRecord[];
  trendingScore: number;
  performers: PerformerRecord[];
}
