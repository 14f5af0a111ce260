import { getPlace } from '@/lib/api/get-place';

export async function GET(request: Request, { params }: { params: Promise<{ mapPlaceId: string }> }) {
  return getPlace(request, (await params).mapPlaceId);
}
