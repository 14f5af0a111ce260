import { search } from '@/lib/api/search';

export function GET(request: Request) {
  return search(request);
}
