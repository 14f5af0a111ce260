import pg from 'pg';
import { CATALOGUE_CHANNEL } from './stamp';

/**
 * Wakes the local EventIndex when any replica commits a catalogue write: a dedicated connection LISTENs on the
 * catalogue channel (every write NOTIFYs at commit) and calls the listeners. When that connection is lost, it is
 * re-established with a growing delay; meanwhile the index still catches up whenever it polls the feed.
 */
export function listenForWrites(url: string, notify: () => void): { close: () => Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 250;
  let timer: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, application_name: 'partner-api-listen' });
    next.on('notification', () => notify());
    next.on('error', () => undefined);
    next.on('end', () => {
      if (client === next) client = null;
      schedule();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOGUE_CHANNEL}`);
      if (closed) {
        await next.end();
        return;
      }
      client = next;
      delay = 250;
      // Writes committed while no one listened are caught up at once.
      notify();
    } catch {
      await next.end().catch(() => undefined);
    }
  };
  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, 10_000);
  };
  void connect();
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
