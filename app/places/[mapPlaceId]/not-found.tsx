import { NotFoundView } from '@/components/record-page/not-found-view';

export default function PlaceNotFound() {
  return <NotFoundView kind="place" />;
}
