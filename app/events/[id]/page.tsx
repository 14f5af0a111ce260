import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EventPage } from '@/components/event/event-page';
import { FromCopyNotice } from '@/components/record-page/from-copy-notice';
import { eventMetadata, loadEvent } from '@/lib/records/load-pages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return eventMetadata((await params).id);
}

export default async function Page({ params }: Props) {
  const model = await loadEvent((await params).id);
  if (model.kind === 'not-found') notFound();
  return (
    <>
      {model.fromCopy && <FromCopyNotice locale={model.locale} />}
      <EventPage
        event={model.data}
        locale={model.locale}
        pageUrl={model.pageUrl}
        now={model.now}
        mapStyleUrl={model.mapStyleUrl}
        directionsUrl={model.directionsUrl}
      />
    </>
  );
}
