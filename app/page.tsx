import { connection } from 'next/server';
import { Suspense } from 'react';
import { Explorer } from '@/components/explorer/explorer';
import { getEnv } from '@/lib/env';
import { getLocale } from '@/lib/i18n/get-locale';

export default async function HomePage() {
  // MAP_STYLE_URL is read at request time, not baked in at build time.
  await connection();
  const { mapStyleUrl } = getEnv();
  const locale = await getLocale();
  return (
    <main id="main">
      <h1 className="visually-hidden">{locale === 'fr' ? 'Événements près de vous' : 'Events near you'}</h1>
      <Suspense>
        <Explorer mapStyleUrl={mapStyleUrl} locale={locale} />
      </Suspense>
    </main>
  );
}
