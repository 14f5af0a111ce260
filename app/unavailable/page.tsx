import type { Metadata } from 'next';
import { RecordShell } from '@/components/record-page/record-shell';
import { UnavailablePage } from '@/components/record-page/unavailable-page';
import { getMessages } from '@/lib/i18n/dictionaries';
import { getLocale } from '@/lib/i18n/get-locale';

export async function generateMetadata(): Promise<Metadata> {
  return { title: getMessages(await getLocale()).unavailable.title, robots: { index: false, follow: false } };
}

/** The body of the record pages' 503 while the Partner API is down (lib/records/service-gate.ts fetches it). */
export default async function Unavailable() {
  const locale = await getLocale();
  return (
    <RecordShell locale={locale}>
      <UnavailablePage messages={getMessages(locale)} />
    </RecordShell>
  );
}
