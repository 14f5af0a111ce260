import type { TEvent } from '@/lib/contract';
import { parseLocalDateTime } from '@/lib/i18n/local-date';
import { hasPassed } from './event-status';

/** A page of a list, with 1-based page numbers clamped into range. */
export interface Page<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/** Events that have not ended at `now`, soonest first (id breaks ties so pages are stable). */
export function upcomingEvents(events: TEvent[], now: number): TEvent[] {
  const start = (e: TEvent) => parseLocalDateTime(e.startDate)?.instant.getTime() ?? Number.MAX_SAFE_INTEGER;
  return events.filter((e) => !hasPassed(e, now)).sort((a, b) => start(a) - start(b) || a.id - b.id);
}

/** Reads a `?page=` value: a positive integer, else 1. */
export function parsePageParam(value: string | string[] | undefined): number {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw !== undefined && /^\d{1,6}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
}

/** One page of `items`; a page past the end gives the last page. */
export function paginate<T>(items: T[], page: number, perPage: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const current = Math.min(Math.max(1, page), totalPages);
  return {
    items: items.slice((current - 1) * perPage, current * perPage),
    page: current,
    totalPages,
    totalItems: items.length,
  };
}

/** A dynamic path segment as text: decoded once if it still carries percent-escapes, kept as is if they are broken. */
export function pathParam(value: string): string {
  if (!/%[0-9a-f]{2}/i.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
