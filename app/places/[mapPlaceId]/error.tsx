'use client';

import { UnavailableView } from '@/components/record-page/unavailable-view';

export default function PlaceError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <UnavailableView reset={reset} />;
}
