import type { Metadata } from 'next';
import { RecordShell } from '@/components/record-page/record-shell';
import { SavedView } from '@/components/saved/saved-view';
import { getLocale } from '@/lib/i18n/get-locale';
import { savedMessages } from '@/lib/i18n/saved-messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: savedMessages(await getLocale()).title, robots: { index: false } };
}

/** The visitor's saved events (kept on the device; the list is drawn in the browser). */
export default async function SavedPage() {
  const locale = await getLocale();
  return (
    <RecordShell locale={locale}>
      <SavedView locale={locale} />
    </RecordShell>
  );
}
