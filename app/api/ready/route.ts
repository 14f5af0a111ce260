import { readiness } from '@/lib/api/ready';

export const dynamic = 'force-dynamic';

export function GET() {
  return readiness();
}
