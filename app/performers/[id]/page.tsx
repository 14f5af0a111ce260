import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PerformerPage } from '@/components/performer/performer-page';
import { FromCopyNotice } from '@/components/record-page/from-copy-notice';
import { loadPerformer, performerMetadata } from '@/lib/records/load-pages';
import { performerDescription } from '@/lib/records/performer';
import { parsePageParam } from '@/lib/records/upcoming';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return performerMetadata((await params).id);
}

export default async function Page({ params, searchParams }: Props) {
  const model = await loadPerformer((await params).id);
  if (model.kind === 'not-found') notFound();
  const page = parsePageParam((await searchParams).page);
  return (
    <>
      {model.fromCopy && <FromCopyNotice locale={model.locale} />}
      <PerformerPage
        performer={model.data}
        description={performerDescription(model.data)}
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
