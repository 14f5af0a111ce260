import { savedCalendarResponse } from '@/lib/feeds/saved-calendar';

export function GET(request: Request) {
  return savedCalendarResponse(request);
}
