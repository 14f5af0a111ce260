import { eventCalendar } from '@/lib/records/event-calendar';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  return eventCalendar(request, (await params).id);
}
