/*
 * Serves the web data layer's fake Partner API on a fixed port (PORT, default 4000) for `next dev` and the e2e
 * harness before the real service can serve a seeded catalogue:
 *   node --conditions=react-server --import tsx scripts/serve-fake-upstream.ts
 * POST /v2/get/events answers from a small generated catalogue (a few hundred events around French cities, filtered
 * by rectangle, categories, live and dates); everything else is the fake's own answer.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  MAIN_CATEGORIES,
  CATEGORY_LABELS,
  DEFAULT_WINDOW_MS,
  type TEvent,
  type TGetEventsRequest,
} from '../lib/contract';
import { FakeUpstream } from '../test/web/fake-upstream';
import { fakeEvent } from '../test/web/fixtures';

const port = Number(process.env.PORT ?? 4000);
const fake = await new FakeUpstream().start();
const target = new URL(fake.baseUrl);

const CITIES: [string, number, number][] = [
  ['Paris', 2.3522, 48.8566],
  ['Lyon', 4.8357, 45.764],
  ['Marseille', 5.3698, 43.2965],
  ['Bordeaux', -0.5792, 44.8378],
  ['Lille', 3.0573, 50.6292],
  ['Nantes', -1.5536, 47.2184],
  ['Toulouse', 1.4442, 43.6047],
  ['Strasbourg', 7.7521, 48.5734],
];

/** A deterministic pseudo-random sequence (mulberry32), so every run serves the same catalogue. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function wire(ms: number): string {
  const d = new Date(ms + 3600_000);
  return `${d.toISOString().slice(0, 10)} ${d.toISOString().slice(11, 23)} +0100`;
}

const random = rng(42);
const startOfHour = Math.floor(Date.now() / 3600_000) * 3600_000;
const catalogue: { event: TEvent; start: number; end: number; lng: number; lat: number }[] = [];
for (let id = 1; id <= 400; id++) {
  const [city, cLng, cLat] = CITIES[id % CITIES.length]!;
  const cat = MAIN_CATEGORIES[Math.floor(random() * MAIN_CATEGORIES.length)]!;
  const lng = cLng + (random() - 0.5) * (city === 'Paris' ? 0.16 : 0.3);
  const lat = cLat + (random() - 0.5) * (city === 'Paris' ? 0.1 : 0.2);
  // Some events are on now; the rest spread over the next ten days.
  const start = id % 7 === 0 ? startOfHour - 3600_000 : startOfHour + Math.floor(random() * 240) * 3600_000;
  const end = start + (1 + Math.floor(random() * 4)) * 3600_000;
  const price = random() < 0.2 ? 0 : random() < 0.15 ? null : 5 + Math.floor(random() * 60);
  const base = fakeEvent(id);
  catalogue.push({
    start,
    end,
    lng,
    lat,
    event: {
      ...base,
      name: `${CATEGORY_LABELS[cat].en} ${['night', 'day', 'session', 'live', 'club'][id % 5]} #${id}`,
      startDate: wire(start),
      endDate: wire(end),
      lowestPrice: price,
      highestPrice: price === null ? null : price + (id % 3) * 5,
      place: { ...base.place, name: `Salle ${id % 37}`, address: { ...base.place.address, lng, lat, city } },
      categories: [
        {
          id: MAIN_CATEGORIES.indexOf(cat) + 1,
          mainCategory: cat,
          subCategory: null,
          traductionFR: CATEGORY_LABELS[cat].fr,
          traductionEN: CATEGORY_LABELS[cat].en,
          icon: CATEGORY_LABELS[cat].icon,
        },
      ],
    },
  });
}

function findEvents(body: TGetEventsRequest) {
  const now = Date.now();
  const rect = body.locationFilter && 'rectangle' in body.locationFilter ? body.locationFilter.rectangle : null;
  const dates = body.datesFilter;
  let rows = catalogue.filter((r) => {
    if (rect) {
      const inLng =
        rect.minLng <= rect.maxLng
          ? r.lng >= rect.minLng && r.lng <= rect.maxLng
          : r.lng >= rect.minLng || r.lng <= rect.maxLng;
      if (!inLng || r.lat < rect.minLat || r.lat > rect.maxLat) return false;
    }
    if (body.categories && !body.categories.includes(r.event.categories[0]!.mainCategory as never)) return false;
    if (dates && 'isLive' in dates && dates.isLive) return r.start <= now + 3 * 3600_000 && r.end >= now;
    const min = dates && 'minDate' in dates && dates.minDate ? Date.parse(dates.minDate) : now;
    const max = dates && 'maxDate' in dates && dates.maxDate ? Date.parse(dates.maxDate) : now + DEFAULT_WINDOW_MS;
    return r.start <= max && r.end >= min;
  });
  const p = body.pricesFilter;
  if (p) {
    rows = rows.filter((r) => {
      const low = r.event.lowestPrice;
      if (low === null) return p.hasKnownPrice !== true;
      if (p.hasKnownPrice === false) return false;
      const high = r.event.highestPrice ?? low;
      return (
        (p.lowestPrice === undefined || high >= p.lowestPrice) &&
        (p.highestPrice === undefined || low <= p.highestPrice)
      );
    });
  }
  if (body.orderBy === 'startDate') rows.sort((a, b) => a.start - b.start || a.event.id - b.event.id);
  else if (body.orderBy === 'lowestPrice')
    rows.sort((a, b) => (a.event.lowestPrice ?? 1e9) - (b.event.lowestPrice ?? 1e9) || a.event.id - b.event.id);
  else rows.sort((a, b) => a.end - b.end || a.event.id - b.event.id);
  const limit = body.limit ?? 100;
  const page = body.pageNumber ?? 1;
  const data = rows.slice((page - 1) * limit, page * limit).map((r) => r.event);
  const totalPages = Math.ceil(rows.length / limit);
  return {
    data,
    pagination: {
      totalItems: rows.length,
      totalPages,
      perPage: limit,
      currentPage: page,
      nextPageParams: page < totalPages ? { pageNumber: page + 1, limit } : null,
      previousPageParams: page > 1 ? { pageNumber: page - 1, limit } : null,
    },
  };
}

function forward(req: IncomingMessage, res: ServerResponse, body: Buffer) {
  const upstream = request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  upstream.end(body);
}

// The fake listens on an ephemeral port; this front gives it a fixed one and answers the events query itself.
const front = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    if (req.method === 'POST' && req.url === '/v2/get/events' && req.headers.authorization) {
      // Authenticate through the fake (a cheap data call), then answer from the generated catalogue.
      const probe = request(
        {
          host: target.hostname,
          port: target.port,
          method: 'GET',
          path: '/v2/clicks',
          headers: { authorization: req.headers.authorization },
        },
        (answer) => {
          answer.resume();
          if (answer.statusCode !== 200) return forward(req, res, body);
          const result = findEvents(JSON.parse(body.toString() || '{}') as TGetEventsRequest);
          res.writeHead(201, { 'content-type': 'application/json' });
          res.end(JSON.stringify(result));
        },
      );
      probe.on('error', () => res.destroy());
      probe.end();
      return;
    }
    forward(req, res, body);
  });
});
front.listen(port, '127.0.0.1', () => console.log(`fake Partner API on http://127.0.0.1:${port}`));

const stop = () => {
  front.close();
  void fake.stop().then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
