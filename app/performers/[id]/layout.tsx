import type { ReactNode } from 'react';
import { RecordShell } from '@/components/record-page/record-shell';
import { getLocale } from '@/lib/i18n/get-locale';

export default async function PerformerLayout({ children }: { children: ReactNode }) {
  return <RecordShell locale={await getLocale()}>{children}</RecordShell>;
}
