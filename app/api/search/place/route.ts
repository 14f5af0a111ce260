import { searchPlace } from '@/lib/api/search-place';

export function GET(request: Request) {
  return searchPlace(request);
}
