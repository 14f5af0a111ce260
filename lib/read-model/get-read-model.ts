import 'server-only';
import { getCatalogueMirror, startCatalogueSync } from '@/lib/mirror/catalogue-mirror';
import { READ_MODEL_EVENTS_METRIC, registerWebGauge } from '@/lib/observability/web-metrics';
import { ReadModel } from './read-model';

/** The process's read model and where its copy stands. */
export interface ReadModelHandle {
  model: ReadModel;
  /** ISO 8601 instant of the copy's last successful sync (null before the first). */
  asOf(): string | null;
  /** True while the Partner API fails (the last sync did): answers from the copy may be a few minutes old. */
  degraded(): boolean;
}

const holder = globalThis as typeof globalThis & { __eventmapReadModel?: ReadModelHandle | null };

/**
 * The process-wide read model over the catalogue mirror (null when CATALOGUE_MIRROR_FILE=off). The first call starts
 * the mirror's sync schedule and subscribes the model to it, so the index follows every page the sync applies.
 */
export function getReadModel(): ReadModelHandle | null {
  if (holder.__eventmapReadModel === undefined) {
    const mirror = getCatalogueMirror();
    if (mirror === null) {
      holder.__eventmapReadModel = null;
    } else {
      const model = new ReadModel(mirror.db);
      mirror.onChange((change) => model.apply(change));
      // Read when Prometheus scrapes (WEB_METRICS_PORT), never on a request (docs/operations.md).
      registerWebGauge({
        name: READ_MODEL_EVENTS_METRIC,
        help: "Events in the web app's read model (the in-memory index the explorer answers from).",
        read: () => model.count,
      });
      holder.__eventmapReadModel = {
        model,
        asOf: () => {
          const at = mirror.status().lastSuccessAt;
          return at === null ? null : new Date(at).toISOString();
        },
        degraded: () => mirror.status().lastError !== null,
      };
    }
  }
  startCatalogueSync();
  return holder.__eventmapReadModel;
}
