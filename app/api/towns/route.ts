import { towns } from '@/lib/api/towns';

export function GET(request: Request) {
  return towns(request);
}
