import { getPerformer } from '@/lib/api/get-performer';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  return getPerformer(request, (await params).id);
}
