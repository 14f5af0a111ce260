import { NotFoundView } from '@/components/record-page/not-found-view';

export default function PerformerNotFound() {
  return <NotFoundView kind="performer" />;
}
