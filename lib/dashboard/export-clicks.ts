import 'server-only';
import { serverNow } from '@/lib/clock/server-now';
import { getEnv } from '@/lib/env';
import { problemResponse } from '@/lib/http/problem';
import { clicksInRange } from './aggregate';
import { dashboardEnabled, isSignedIn } from './auth';
import { clicksCsv } from './clicks-csv';
import { getClickHistory } from './dashboard-data';
import { PeriodError, resolvePeriod } from './periods';

/** `GET /partner/export?period=…`: the period's clicks as a CSV download, for a signed-in partner. */
export async function exportClicks(request: Request): Promise<Response> {
  if (!dashboardEnabled()) return problemResponse({ status: 404, detail: 'The partner dashboard is disabled.' });
  if (!(await isSignedIn())) return problemResponse({ status: 401, detail: 'Sign in at /partner first.' });
  const url = new URL(request.url);
  const query = Object.fromEntries(
    ['period', 'from', 'to'].map((key) => [key, url.searchParams.get(key) ?? undefined]),
  );
  let range;
  try {
    range = resolvePeriod(query, serverNow(), getEnv().partnerDashboardTimeZone);
  } catch (error) {
    if (error instanceof PeriodError) return problemResponse({ status: 400, detail: error.message });
    throw error;
  }
  const history = getClickHistory();
  await history.refresh();
  const { lastError } = history.status();
  const body = clicksCsv(clicksInRange(history.clicks, range.startMs, range.endMs), url.origin);
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="clicks-${range.from}-${range.to}.csv"`,
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      // A download made while the upstream failed holds only the clicks already received: say so.
      ...(lastError ? { Warning: '110 - "Clicks after the last successful refresh are missing"' } : {}),
    },
  });
}
