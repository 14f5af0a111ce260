'use client';

import { useId, useState } from 'react';
import { allowedOriginsList, frameAllowed } from '@/lib/embed/frame-origins';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import styles from './snippet-builder.module.css';

/**
 * Which sites may show the embed (the brand's `frame-ancestors`), how to add one, and a check of the partner's own
 * address: a site outside the list gets a refused, empty frame, which the partner should learn here, not from a visitor.
 */
export function FrameOrigins({
  t,
  sources,
  selfOrigin,
}: {
  t: EmbedBuilderMessages;
  sources: readonly string[];
  selfOrigin: string;
}) {
  const id = useId();
  const [site, setSite] = useState('');
  const trimmed = site.trim();
  const address = trimmed && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? `https://${trimmed}` : trimmed;
  const allowed = address ? frameAllowed(address, sources, selfOrigin) : null;
  return (
    <section className={styles.group} aria-labelledby={`${id}-title`} data-testid="frame-origins">
      <h2 id={`${id}-title`}>{t.originsTitle}</h2>
      <p className={styles.hint}>{t.originsIntro}</p>
      <ul>
        {allowedOriginsList(sources, selfOrigin).map((origin) => (
          <li key={origin}>
            <code>{origin}</code>
          </li>
        ))}
      </ul>
      <p className={styles.hint}>{t.originsHow}</p>
      <label htmlFor={`${id}-site`}>{t.originsSite}</label>
      <input
        id={`${id}-site`}
        type="url"
        inputMode="url"
        placeholder="https://www.example.com"
        value={site}
        onChange={(e) => setSite(e.target.value)}
        aria-describedby={`${id}-verdict`}
      />
      <p id={`${id}-verdict`} role="status" className={allowed === false ? styles.error : styles.hint}>
        {allowed === null ? '' : allowed ? t.originsOk(address) : t.originsRefused(address)}
      </p>
    </section>
  );
}
