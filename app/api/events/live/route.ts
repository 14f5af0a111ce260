import { listLiveEvents } from '@/lib/api/list-events';

export function GET(request: Request) {
  return listLiveEvents(request);
}
