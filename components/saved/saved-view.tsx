'use client';

import { useEffect, useState } from 'react';
import type { TEvent } from '@/lib/contract';
import { formatEventWhen } from '@/lib/explorer/card-format';
import type { Locale } from '@/lib/i18n/config';
import { savedMessages } from '@/lib/i18n/saved-messages';
import { inDateOrder, savedCalendarHref, savedInstant, type SavedEvent } from '@/lib/saved/saved-list';
import styles from './saved.module.css';
import { useSaved } from './use-saved';

/** What the catalogue says of a saved event now. */
type Latest = { kind: 'checking' } | { kind: 'event'; event: TEvent } | { kind: 'gone' } | { kind: 'unknown' };

type State = 'cancelled' | 'sold-out' | 'passed' | 'gone' | null;

function stateOf(saved: SavedEvent, latest: Latest | undefined, now: number): State {
  if (latest?.kind === 'gone') return 'gone';
  const event = latest?.kind === 'event' ? latest.event : null;
  if (event?.cancelledAt) return 'cancelled';
  const end = savedInstant(event ? event.endDate : saved.end);
  if (!Number.isNaN(end) && end < now) return 'passed';
  if (event?.notAvailableAt) return 'sold-out';
  return null;
}

/** Asks the catalogue (the app's own `/api/events/{id}`) for each saved event's current record. */
function useLatest(ids: readonly number[]): Map<number, Latest> {
  const [latest, setLatest] = useState(() => new Map<number, Latest>());
  const key = ids.join(',');
  useEffect(() => {
    const controller = new AbortController();
    for (const id of key ? key.split(',').map(Number) : []) {
      void fetch(`/api/events/${id}`, {
        signal: controller.signal,
        headers: { accept: 'application/json' },
        // The latest news, not a copy the browser kept.
        cache: 'no-store',
      })
        .then(async (res): Promise<Latest> => {
          if (res.status === 404) return { kind: 'gone' };
          if (!res.ok) return { kind: 'unknown' };
          return { kind: 'event', event: (await res.json()) as TEvent };
        })
        .catch((): Latest | null => (controller.signal.aborted ? null : { kind: 'unknown' }))
        .then((value) => {
          if (value) setLatest((m) => new Map(m).set(id, value));
        });
    }
    return () => controller.abort();
  }, [key]);
  return latest;
}

/**
 * The Saved view: this device's saved events in date order, each with its state from the catalogue (cancelled, sold
 * out, passed, no longer listed), a way to remove it, and one iCalendar file of them all.
 */
export function SavedView({ locale }: { locale: Locale }) {
  const t = savedMessages(locale);
  const { list, setSaved } = useSaved();
  const ordered = list ? inDateOrder(list) : [];
  const latest = useLatest(ordered.map((e) => e.id));
  const [now] = useState(() => Date.now());
  const label = { cancelled: t.cancelled, 'sold-out': t.soldOut, passed: t.passed, gone: t.gone };
  return (
    <div className={styles.page}>
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load returns to the explorer's state */}
      <a href="/">{t.backToMap}</a>
      {list !== null && ordered.length === 0 && <p data-testid="saved-empty">{t.empty}</p>}
      {ordered.length > 0 && (
        <>
          <ul className={styles.list} aria-label={t.count(ordered.length)} data-testid="saved-list">
            {ordered.map((saved) => {
              const fresh = latest.get(saved.id);
              const state = stateOf(saved, fresh, now);
              const event = fresh?.kind === 'event' ? fresh.event : null;
              const name = event?.name ?? saved.name;
              const when = event
                ? { startDate: event.startDate, endDate: event.endDate }
                : { startDate: saved.start, endDate: saved.end };
              return (
                <li key={saved.id} className={styles.item} data-state={state ?? undefined} data-event-id={saved.id}>
                  <div className={styles.itemBody}>
                    <h2 className={styles.itemTitle}>
                      <a href={`/events/${saved.id}`}>{name}</a>
                    </h2>
                    <p className={styles.meta}>
                      {state && (
                        <span className={styles.state} data-state={state} data-testid="saved-state">
                          {label[state]}
                        </span>
                      )}
                      <time>{formatEventWhen(when, locale)}</time>
                    </p>
                    <p className={styles.meta}>{[saved.place, saved.city].filter(Boolean).join(' · ')}</p>
                    {(!fresh || fresh.kind === 'checking') && <p className={styles.meta}>{t.checking}</p>}
                    {fresh?.kind === 'unknown' && <p className={styles.meta}>{t.unknownState}</p>}
                  </div>
                  <button
                    type="button"
                    className="button"
                    aria-label={t.remove(name)}
                    onClick={() => setSaved(saved, false)}
                  >
                    {t.removeShort}
                  </button>
                </li>
              );
            })}
          </ul>
          <p className={styles.actions}>
            <a
              className="button button--primary"
              href={savedCalendarHref(ordered)}
              download="saved-events.ics"
              data-testid="saved-export"
            >
              {t.exportCalendar}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
