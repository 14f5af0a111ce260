import type { Metric, Registry } from 'prom-client';

/*
 * Requests counted and timed by route template, method and status class, the same way in both programs (the Partner
 * API's `partner_api_http_*`, the web server's `eventmap_web_http_*`; docs/operations.md). The request path only adds
 * to plain numbers — two map lookups, a bucket search, three additions — and prom-client reads them when Prometheus
 * scrapes: prom-client's own `observe` hashes the label set on every call, even through a child from `labels()`,
 * which was most of the metrics' cost per request (bench/observability.ts). The exposition is prom-client's (a
 * counter and a histogram in the program's registry), so names, `le` buckets and `_sum`/`_count` are as before.
 */

export type StatusClass = '2xx' | '3xx' | '4xx' | '5xx';

/** Status class label of an HTTP status (1xx never reaches a finished response). */
export function statusClass(status: number): StatusClass {
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  if (status >= 300) return '3xx';
  return '2xx';
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method label: one of the usual methods, `other` for anything else (a bounded set whatever clients send). */
export function methodLabel(method: string | undefined): string {
  return method !== undefined && METHODS.has(method) ? method : 'other';
}

const CLASS_INDEX: Record<StatusClass, number> = { '2xx': 0, '3xx': 1, '4xx': 2, '5xx': 3 };

/** One label set's numbers: requests per bucket (not cumulative), their sum of seconds. */
interface Cell {
  readonly labels: Record<string, string>;
  readonly buckets: number[];
  count: number;
  sum: number;
}

export interface RequestMetricsOptions {
  /** Names are `<prefix>_requests_total` and `<prefix>_request_duration_seconds`. */
  prefix: string;
  /** Who answers, for the help texts ("Requests answered by the web app"). */
  subject: string;
  /** Upper bounds of the duration buckets, seconds, increasing. */
  buckets: readonly number[];
  registry: Registry;
}

export interface RequestMetrics {
  /** One answered request: its route template (a bounded label), method, status and duration in seconds. */
  observe(route: string, method: string | undefined, status: number, seconds: number): void;
}

/** Registers the request counter and duration histogram in `registry`, and returns what records into them. */
export function createRequestMetrics({ prefix, subject, buckets, registry }: RequestMetricsOptions): RequestMetrics {
  const bounds = [...buckets];
  // route → method → cells by status class.
  const cells = new Map<string, Map<string, (Cell | undefined)[]>>();
  const all: Cell[] = [];

  const counterName = `${prefix}_requests_total`;
  const counterHelp = `Requests answered by ${subject}, by route template, method and status class.`;
  const histogramName = `${prefix}_request_duration_seconds`;
  const histogramHelp = `Time ${subject} took to answer a request, by route template, method and status class.`;

  const exposed = (name: string, help: string, type: 'counter' | 'histogram', values: () => unknown[]) =>
    exposedMetric(name, help, type, values, () => all.forEach(resetCell));

  registry.registerMetric(
    exposed(counterName, counterHelp, 'counter', () => all.map((cell) => ({ labels: cell.labels, value: cell.count }))),
  );
  registry.registerMetric(
    exposed(histogramName, histogramHelp, 'histogram', () =>
      all.flatMap((cell) => histogramValues(histogramName, bounds, cell)),
    ),
  );

  return {
    observe(route, method, status, seconds) {
      const methodName = methodLabel(method);
      let byMethod = cells.get(route);
      if (byMethod === undefined) {
        byMethod = new Map();
        cells.set(route, byMethod);
      }
      let byClass = byMethod.get(methodName);
      if (byClass === undefined) {
        byClass = [undefined, undefined, undefined, undefined];
        byMethod.set(methodName, byClass);
      }
      const cls = statusClass(status);
      let cell = byClass[CLASS_INDEX[cls]];
      if (cell === undefined) {
        cell = {
          labels: { route, method: methodName, status_class: cls },
          buckets: bounds.map(() => 0),
          count: 0,
          sum: 0,
        };
        byClass[CLASS_INDEX[cls]] = cell;
        all.push(cell);
      }
      addTo(cell, bounds, seconds);
    },
  };
}

/** A histogram without labels, recorded the same cheap way (e.g. the events query's matches per request). */
export function createPlainHistogram({
  name,
  help,
  buckets,
  registry,
}: {
  name: string;
  help: string;
  buckets: readonly number[];
  registry: Registry;
}): { observe(value: number): void } {
  const bounds = [...buckets];
  const cell: Cell = { labels: {}, buckets: bounds.map(() => 0), count: 0, sum: 0 };
  registry.registerMetric(
    exposedMetric(
      name,
      help,
      'histogram',
      () => histogramValues(name, bounds, cell),
      () => resetCell(cell),
    ),
  );
  return { observe: (value) => addTo(cell, bounds, value) };
}

function addTo(cell: Cell, bounds: readonly number[], value: number): void {
  let i = 0;
  while (i < bounds.length && value > bounds[i]!) i++;
  if (i < bounds.length) cell.buckets[i]! += 1;
  cell.count += 1;
  cell.sum += value;
}

function resetCell(cell: Cell): void {
  cell.buckets.fill(0);
  cell.count = 0;
  cell.sum = 0;
}

/** A histogram's series as prom-client's Histogram reports them: cumulative `le` buckets, `+Inf`, sum, count. */
function histogramValues(name: string, bounds: readonly number[], cell: Cell): unknown[] {
  let cumulative = 0;
  const values: unknown[] = bounds.map((le, i) => {
    cumulative += cell.buckets[i]!;
    return { metricName: `${name}_bucket`, labels: { le, ...cell.labels }, value: cumulative };
  });
  values.push(
    { metricName: `${name}_bucket`, labels: { le: '+Inf', ...cell.labels }, value: cell.count },
    { metricName: `${name}_sum`, labels: cell.labels, value: cell.sum },
    { metricName: `${name}_count`, labels: cell.labels, value: cell.count },
  );
  return values;
}

/** What prom-client's Registry reads of a metric at a scrape (`get()`), and `reset()` for registry.resetMetrics(). */
function exposedMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  values: () => unknown[],
  reset: () => void,
): Metric {
  return {
    name,
    help,
    type,
    aggregator: 'sum',
    get: () => ({ name, help, type, aggregator: 'sum', values: values() }),
    reset,
  } as unknown as Metric;
}
