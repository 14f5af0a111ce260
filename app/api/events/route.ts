import { listEvents } from '@/lib/api/list-events';

export function GET(request: Request) {
  return listEvents(request);
}
