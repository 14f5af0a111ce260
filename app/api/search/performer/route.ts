import { searchPerformer } from '@/lib/api/search-performer';

export function GET(request: Request) {
  return searchPerformer(request);
}
