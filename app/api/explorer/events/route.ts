import { listExplorerEvents } from '@/lib/api/explorer-events';

export function GET(request: Request) {
  return listExplorerEvents(request);
}
