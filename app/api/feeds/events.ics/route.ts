import { eventsCalendarResponse } from '@/lib/feeds/events-feed';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return eventsCalendarResponse(request);
}
