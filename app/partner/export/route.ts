import { exportClicks } from '@/lib/dashboard/export-clicks';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return exportClicks(request);
}
