'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import type { TEvent } from '@/lib/contract';

async function fetchEvents(signal: AbortSignal): Promise<{ data: TEvent[] }> {
  const res = await fetch('/api/events?limit=100', { signal });
  if (!res.ok) throw Object.assign(new Error(`HTTP ${res.status}`), { status: res.status });
  return (await res.json()) as { data: TEvent[] };
}

/** The home page's event explorer (first cut: a plain list of what is on). */
export function Explorer() {
  const query = useQuery({ queryKey: ['events', 'all'], queryFn: ({ signal }) => fetchEvents(signal) });
  return (
    <main id="main">
      <h1>What’s on</h1>
      {query.isPending && <p role="status">Loading events…</p>}
      {query.isError && <p role="alert">Events could not be loaded.</p>}
      {query.data && (
        <ul aria-label="Events">
          {query.data.data.map((event) => (
            <li key={event.id}>
              <Link href={`/events/${event.id}`}>{event.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
