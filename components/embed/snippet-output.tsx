'use client';

import { useId, useState } from 'react';
import type { EmbedBuilderMessages } from '@/lib/i18n/embed-builder-messages';
import styles from './snippet-builder.module.css';

/** One read-only text to copy, with its label and a Copy button that says when it worked. */
function CopyBox({
  label,
  value,
  rows,
  testId,
  t,
}: {
  label: string;
  value: string;
  rows: number;
  testId: string;
  t: EmbedBuilderMessages;
}) {
  const id = useId();
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div className={styles.copyBox}>
      <label htmlFor={id}>{label}</label>
      <textarea id={id} readOnly rows={rows} value={value} data-testid={testId} className={styles.code} />
      <button
        type="button"
        className="button"
        onClick={() => void navigator.clipboard?.writeText(value).then(() => setCopied(value))}
      >
        {copied === value ? t.copied : t.copy}
      </button>
    </div>
  );
}

/** The snippet (iframe and height script) and the plain link, ready to copy. */
export function SnippetOutput({ t, snippet, link }: { t: EmbedBuilderMessages; snippet: string; link: string }) {
  return (
    <>
      <CopyBox t={t} label={t.snippet} value={snippet} rows={11} testId="embed-snippet" />
      <CopyBox t={t} label={t.link} value={link} rows={3} testId="embed-link" />
    </>
  );
}
