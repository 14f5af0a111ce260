import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PlacePage } from '@/components/place/place-page';
import { FromCopyNotice } from '@/components/record-page/from-copy-notice';
import { loadPlace, placeMetadata } from '@/lib/records/load-pages';
import { parsePageParam, pathParam } from '@/lib/records/upcoming';

type Props = {
  params: Promise<{ mapPlaceId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return placeMetadata(pathParam((await params).mapPlaceId));
}

export default async function Page({ params, searchParams }: Props) {
  const model = await loadPlace(pathParam((await params).mapPlaceId));
  if (model.kind === 'not-found') notFound();
  const page = parsePageParam((await searchParams).page);
  return (
    <>
      {model.fromCopy && <FromCopyNotice locale={model.locale} />}
      <PlacePage
        place={model.data}
        locale={model.locale}
        path={model.path}
        pageUrl={model.pageUrl}
        now={model.now}
        mapStyleUrl={model.mapStyleUrl}
        page={page}
      />
    </>
  );
}
