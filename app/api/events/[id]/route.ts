import { getEvent } from '@/lib/api/get-event';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return getEvent(request, (await params).id);
}
