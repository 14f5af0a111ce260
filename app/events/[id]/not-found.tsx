import { NotFoundView } from '@/components/record-page/not-found-view';

export default function EventNotFound() {
  return <NotFoundView kind="event" />;
}
