import type { TPerformer } from '@/lib/contract';

/** The performer's description: the full record has none, so it comes from their short shape inside an event. */
export function performerDescription(performer: TPerformer): string {
  for (const event of performer.events) {
    const short = event.performers.find((p) => p.id === performer.id);
    if (short?.description.trim()) return short.description;
  }
  return '';
}
